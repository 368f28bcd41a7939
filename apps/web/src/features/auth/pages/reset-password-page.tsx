import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ResetPasswordSchema } from '@bookshop/contracts/auth';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT } from '../../../lib/i18n/rich-text.tsx';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';

/** /reset-password?token=… and /admin/reset-password?token=…: opened from the reset mail. */
export function ResetPasswordPage({ area = 'customer' }: { area?: AuthArea }) {
  const t = useT();
  const rich = useRichT();
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
  const tokenError = token ? errors.token?.message : t('auth.reset.linkInvalid');

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth.reset.doneTitle')}>
        <p role="status" className="text-center text-stone-800">
          {rich('auth.reset.done', {
            email: (
              <bdi>
                <EmailAddress value={reset.data.emailAddress} className="font-bold" />
              </bdi>
            ),
          })}
        </p>
        <Link to={login} className={buttonClasses({ size: 'lg' })}>
          {t('account.login')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')}>
      <form noValidate onSubmit={handleSubmit((values) => reset.mutate(values))} className="grid gap-4">
        {tokenError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-950">
            {tokenError}
          </p>
        )}
        <NewPasswordFields form={form} passwordLabel={t('auth.newPassword')} />
        <Button type="submit" size="lg" pending={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
      <Link to={forgotPassword} className="text-center text-sm font-semibold text-brand underline">
        {t('auth.reset.requestNewLink')}
      </Link>
    </AuthCard>
  );
}

export function AdminResetPasswordPage() {
  return <ResetPasswordPage area="staff" />;
}
