import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ChangePasswordSchema, type ChangePassword } from '@bookshop/contracts/account';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { changePassword, useChangePassword } from '../api/change-password.ts';
import { serverFieldError } from '../../../lib/field-errors.ts';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
const EMPTY: ChangePassword = { currentPassword: '', password: '', confirmPassword: '' };

type ChangePasswordFormProps = {
  /** Sends the change: `PATCH v1/customers` by default; the admin profile sends `PATCH v1/users`. */
  send?: (body: ChangePassword) => Promise<{ message: string }>;
};

/** For an account that has a password: the new one follows the spec's rules (section 5). */
export function ChangePasswordForm({ send = changePassword }: ChangePasswordFormProps) {
  const change = useChangePassword(send);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<ChangePassword>({
    resolver: zodResolver(ChangePasswordSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });

  const onSubmit = (values: ChangePassword) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message);
        reset(EMPTY);
      },
      onError: (error) => {
        for (const field of FIELDS) {
          const message = serverFieldError(error, field);
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
