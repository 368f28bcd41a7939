import { Link } from 'react-router';
import { EmailAddressSchema, PASSWORD_RESET_TTL_MINUTES } from '@bookshop/contracts/auth';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button } from '../../../ui/button.tsx';
import { EmailField } from '../../../ui/form-fields.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';

/** /forgot-password and /admin/forgot-password: mails a reset link (the answer never says whether the address exists). */
export function ForgotPasswordPage({ area = 'customer' }: { area?: AuthArea }) {
  const t = useT();
  const request = useForgotPassword(area);
  const { field, handleSubmit } = useSchemaForm(EmailAddressSchema, { emailAddress: '' });

  return (
    <AuthCard title={t('auth.forgot.title')} intro={t('auth.forgot.intro', { minutes: PASSWORD_RESET_TTL_MINUTES })}>
      {request.isSuccess ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-950">
          {request.data.message}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(({ emailAddress }) => request.mutate(emailAddress))}
          className="grid gap-4"
        >
          <EmailField label={t('auth.emailAddress')} {...field('emailAddress')} />
          <Button type="submit" size="lg" pending={request.isPending}>
            {t('auth.forgot.send')}
          </Button>
        </form>
      )}
      <Link to={authAreas[area].login} className="text-center text-sm font-semibold text-brand underline">
        {t('auth.backToLogin')}
      </Link>
    </AuthCard>
  );
}

export function AdminForgotPasswordPage() {
  return <ForgotPasswordPage area="staff" />;
}
