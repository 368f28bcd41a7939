import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { EmailAddressSchema } from '@bookshop/contracts/auth';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import type { AuthArea } from '../lib/auth-area.ts';

/** Asks for a new confirmation link; the API answers the same whether or not the address is registered. */
export function ResendConfirmationForm({ area }: { area: AuthArea }) {
  const resend = useResendConfirmation(area);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(EmailAddressSchema), mode: 'onChange', defaultValues: { emailAddress: '' } });

  if (resend.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-950">
        {resend.data.message}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={handleSubmit(({ emailAddress }) => resend.mutate(emailAddress))} className="grid gap-3">
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        error={errors.emailAddress?.message}
        {...register('emailAddress')}
      />
      <Button type="submit" variant="secondary" pending={resend.isPending}>
        Send a new confirmation link
      </Button>
    </form>
  );
}
