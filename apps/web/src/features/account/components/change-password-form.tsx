import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { AccountMessages, ChangePasswordSchema, type ChangePasswordValues } from '../lib/account-schemas.ts';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
const EMPTY: ChangePasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

/** `PATCH v1/customers`: the new password follows the spec's password rules (section 5). */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });

  const onSubmit = (values: ChangePasswordValues) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success(AccountMessages.passwordChanged);
        reset(EMPTY);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? error.problem.errors : undefined;
        for (const field of FIELDS) {
          const message = fieldErrors?.[field]?.[0];
          if (message) setError(field, { type: 'server', message });
        }
      },
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid max-w-md gap-5">
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, with a lowercase and an uppercase letter, a number and a special character."
        error={errors.password?.message}
        {...register('password', {
          // A confirmation already typed is checked again against the changed password.
          onChange: () => {
            if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
          },
        })}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="justify-self-start" pending={change.isPending}>
        Change Password
      </Button>
    </form>
  );
}
