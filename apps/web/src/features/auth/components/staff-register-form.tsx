import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { StaffRegisterSchema } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { useRegisterStaff } from '../api/register.ts';
import { showRegistrationNotice } from '../lib/registration-notice.ts';
import { RegisteredEmailNotice, useRegisteredEmailCheck } from './registered-email-notice.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

const EMPTY = { emailAddress: '', userName: '', password: '', confirmPassword: '' };

/** Staff registration (spec section 5): the base fields with the match check, no names. */
export function StaffRegisterForm() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(StaffRegisterSchema), mode: 'onChange', defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const emailAddress = useWatch({ control, name: 'emailAddress' });
  const emailCheck = useRegisteredEmailCheck('staff', emailAddress);
  const registration = useRegisterStaff();

  const onSubmit = handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: (member) => {
        showRegistrationNotice(member.emailAddress);
        void navigate(Routes.adminLogin, { state: { emailAddress: member.emailAddress } });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        error={errors.emailAddress?.message}
        after={
          emailCheck.registeredEmail && <RegisteredEmailNotice area="staff" emailAddress={emailCheck.registeredEmail} />
        }
        {...register('emailAddress', {
          onBlur: (event: { target: HTMLInputElement }) => emailCheck.onBlur(event.target.value),
        })}
      />
      <TextField label="User Name" autoComplete="username" error={errors.userName?.message} {...register('userName')} />
      <NewPasswordFields form={form} />
      <Button type="submit" size="lg" pending={registration.isPending}>
        Register
      </Button>
    </form>
  );
}
