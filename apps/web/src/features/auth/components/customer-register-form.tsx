import { useLocation, useNavigate } from 'react-router';
import { CustomerRegisterSchema } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { useRegisterCustomer } from '../api/register.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { showRegistrationNotice } from '../lib/registration-notice.ts';
import { RegisteredEmailField } from './registered-email-notice.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

const EMPTY = { emailAddress: '', userName: '', firstName: '', lastName: '', password: '', confirmPassword: '' };

/** Customer registration (spec section 5), validated on every change with the API's own schema. */
export function CustomerRegisterForm() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const form = useSchemaForm(CustomerRegisterSchema, EMPTY);
  const registration = useRegisterCustomer();

  const onSubmit = form.handleSubmit((values) =>
    registration.mutate(
      { ...values, ianaZone: browserTimeZone() },
      {
        onSuccess: (profile) => {
          showRegistrationNotice(profile.emailAddress, t);
          // The origin travels on, so logging in after confirming still returns there.
          void navigate(Routes.login, {
            state: { ...(location.state as Record<string, unknown> | null), emailAddress: profile.emailAddress },
          });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <RegisteredEmailField area="customer" emailAddress={form.watch('emailAddress')} {...form.field('emailAddress')} />
      <TextField label={t('auth.userName')} autoComplete="username" dir="auto" {...form.field('userName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('auth.firstName')} autoComplete="given-name" dir="auto" {...form.field('firstName')} />
        <TextField label={t('auth.lastName')} autoComplete="family-name" dir="auto" {...form.field('lastName')} />
      </div>
      <NewPasswordFields form={form} />
      <Button type="submit" size="lg" pending={registration.isPending}>
        {t('account.register')}
      </Button>
    </form>
  );
}
