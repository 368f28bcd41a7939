import { useLocation, useNavigate } from 'react-router';
import { CustomerRegisterSchema } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
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
  const location = useLocation();
  const navigate = useNavigate();
  const form = useSchemaForm(CustomerRegisterSchema, EMPTY);
  const registration = useRegisterCustomer();

  const onSubmit = form.handleSubmit((values) =>
    registration.mutate(
      { ...values, ianaZone: browserTimeZone() },
      {
        onSuccess: (profile) => {
          showRegistrationNotice(profile.emailAddress);
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
      <TextField label="User Name" autoComplete="username" {...form.field('userName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
      </div>
      <NewPasswordFields form={form} />
      <Button type="submit" size="lg" pending={registration.isPending}>
        Register
      </Button>
    </form>
  );
}
