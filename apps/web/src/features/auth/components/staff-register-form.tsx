import { useNavigate } from 'react-router';
import { StaffRegisterSchema } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { useRegisterStaff } from '../api/register.ts';
import { showRegistrationNotice } from '../lib/registration-notice.ts';
import { RegisteredEmailField } from './registered-email-notice.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

const EMPTY = { emailAddress: '', userName: '', password: '', confirmPassword: '' };

/** Staff registration (spec section 5): the base fields with the match check, no names. */
export function StaffRegisterForm() {
  const t = useT();
  const navigate = useNavigate();
  const form = useSchemaForm(StaffRegisterSchema, EMPTY);
  const registration = useRegisterStaff();

  const onSubmit = form.handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: (member) => {
        showRegistrationNotice(member.emailAddress, t);
        void navigate(Routes.adminLogin, { state: { emailAddress: member.emailAddress } });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <RegisteredEmailField area="staff" emailAddress={form.watch('emailAddress')} {...form.field('emailAddress')} />
      <TextField label={t('auth.userName')} autoComplete="username" {...form.field('userName')} />
      <NewPasswordFields form={form} />
      <Button type="submit" size="lg" pending={registration.isPending}>
        {t('account.register')}
      </Button>
    </form>
  );
}
