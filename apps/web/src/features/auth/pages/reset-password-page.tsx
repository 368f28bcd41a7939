import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AuthMessages, ResetPasswordSchema } from '@bookshop/contracts/auth';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';

/** /reset-password?token=… and /admin/reset-password?token=…: opened from the reset mail. */
export function ResetPasswordPage({ area = 'customer' }: { area?: AuthArea }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword(area);
  const form = useForm({
    resolver: zodResolver(ResetPasswordSchema),
    mode: 'onChange',
    // The token is validated by the same schema as the passwords; it has no field of its own.
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const {
    handleSubmit,
    formState: { errors },
  } = form;
  const { login, forgotPassword } = authAreas[area];
  const tokenError = token ? errors.token?.message : AuthMessages.resetLinkInvalid;

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <p role="status" className="text-center text-stone-800">
          The password of <EmailAddress value={reset.data.emailAddress} className="font-bold" /> is changed. Every other
          session of this account has been logged out.
        </p>
        <Link to={login} className={buttonClasses({ size: 'lg' })}>
          Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <form noValidate onSubmit={handleSubmit((values) => reset.mutate(values))} className="grid gap-4">
        {tokenError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-950">
            {tokenError}
          </p>
        )}
        <NewPasswordFields form={form} passwordLabel="New Password" />
        <Button type="submit" size="lg" pending={reset.isPending}>
          Change password
        </Button>
      </form>
      <Link to={forgotPassword} className="text-center text-sm font-semibold text-brand underline">
        Request a new link
      </Link>
    </AuthCard>
  );
}

export function AdminResetPasswordPage() {
  return <ResetPasswordPage area="staff" />;
}
