import { Link, useLocation } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { GoogleSignInSection } from '../components/google-sign-in-button.tsx';
import { LoginForm } from '../components/login-form.tsx';

/** /login (spec section 2): customer login, a link to register, and Google sign-in when enabled. */
export function LoginPage() {
  const t = useT();
  const location = useLocation();
  return (
    <AuthCard title={t('account.login')}>
      <LoginForm area="customer" />
      <p className="text-center text-sm text-stone-700">
        {t('auth.login.noAccount')}{' '}
        <Link to={Routes.register} state={location.state as unknown} className="font-semibold text-brand underline">
          {t('account.register')}
        </Link>
      </p>
      <GoogleSignInSection />
    </AuthCard>
  );
}
