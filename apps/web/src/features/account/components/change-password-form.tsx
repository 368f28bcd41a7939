import { ChangePasswordSchema, type ChangePassword } from '@bookshop/contracts/account';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { changePassword, useChangePassword } from '../api/change-password.ts';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
const EMPTY: ChangePassword = { currentPassword: '', password: '', confirmPassword: '' };

type ChangePasswordFormProps = {
  /** Sends the change: `PATCH v1/customers` by default; the admin profile sends `PATCH v1/users`. */
  send?: (body: ChangePassword) => Promise<{ message: string }>;
};

/** For an account that has a password: the new one follows the spec's rules (section 5). */
export function ChangePasswordForm({ send = changePassword }: ChangePasswordFormProps) {
  const t = useT();
  const change = useChangePassword(send);
  const { field, handleSubmit, showServerErrors, reset, trigger, getFieldState } = useSchemaForm(
    ChangePasswordSchema,
    EMPTY,
  );

  const onSubmit = (values: ChangePassword) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message);
        reset(EMPTY);
      },
      onError: (error) => showServerErrors(error, FIELDS),
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid max-w-md gap-5">
      <TextField
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <TextField
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('password.newHint')}
        {...field('password', {
          // A confirmation already typed is checked again against the changed password.
          onChange: () => {
            if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
          },
        })}
      />
      <TextField
        label={t('password.confirmNew')}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <Button type="submit" className="justify-self-start" pending={change.isPending}>
        {t('accountPage.changePassword')}
      </Button>
    </form>
  );
}
