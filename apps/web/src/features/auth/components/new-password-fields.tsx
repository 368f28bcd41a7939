import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { PasswordField } from '../../../ui/form-fields.tsx';

type Name = 'password' | 'confirmPassword';

/** The part of a `useForm` result these fields use, as methods so any form holding both fields fits. */
type NewPasswordForm = {
  register(this: void, name: Name, options?: { onChange?: () => unknown }): UseFormRegisterReturn<Name>;
  getValues(this: void, name: 'confirmPassword'): string;
  trigger(this: void, name: 'confirmPassword'): Promise<boolean>;
  formState: { errors: Partial<Record<Name, FieldError>> };
};

/** A new password and its confirmation, as registering and resetting ask for them (spec section 5). */
export function NewPasswordFields({
  form: {
    register,
    getValues,
    trigger,
    formState: { errors },
  },
  passwordLabel,
}: {
  form: NewPasswordForm;
  passwordLabel?: string;
}) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={passwordLabel ?? t('auth.password')}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password', {
          // "Passwords don't match." must follow the password too, once a confirmation was typed.
          onChange: () => getValues('confirmPassword') && void trigger('confirmPassword'),
        })}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
