import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { CustomerRegisterSchema } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { useRegisterCustomer } from '../api/register.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { showRegistrationNotice } from '../lib/registration-notice.ts';
import { RegisteredEmailNotice, useRegisteredEmailCheck } from './registered-email-notice.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

const EMPTY = { emailAddress: '', userName: '', firstName: '', lastName: '', password: '', confirmPassword: '' };

/** Customer registration (spec section 5), validated on every change with the API's own schema. */
export function CustomerRegisterForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(CustomerRegisterSchema), mode: 'onChange', defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const emailAddress = useWatch({ control, name: 'emailAddress' });
  const emailCheck = useRegisteredEmailCheck('customer', emailAddress);
  const registration = useRegisterCustomer();

  const onSubmit = handleSubmit((values) =>
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
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        error={errors.emailAddress?.message}
        after={
          emailCheck.registeredEmail && (
            <RegisteredEmailNotice area="customer" emailAddress={emailCheck.registeredEmail} />
          )
        }
        {...register('emailAddress', {
          onBlur: (event: { target: HTMLInputElement }) => emailCheck.onBlur(event.target.value),
        })}
      />
      <TextField label="User Name" autoComplete="username" error={errors.userName?.message} {...register('userName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <NewPasswordFields form={form} />
      <Button type="submit" size="lg" pending={registration.isPending}>
        Register
      </Button>
    </form>
  );
}
