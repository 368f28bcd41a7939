import { Link, useLocation } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { CustomerRegisterForm } from '../components/customer-register-form.tsx';
import { GoogleSignInSection } from '../components/google-sign-in-button.tsx';

/** /register (spec section 2): the fields, Register, an OR divider with Google, and a Login link. */
export function RegisterPage() {
  const t = useT();
  const location = useLocation();
  return (
    <AuthCard title={t('account.register')}>
      <CustomerRegisterForm />
      <GoogleSignInSection />
      <p className="text-center text-sm text-stone-700">
        {t('auth.register.haveAccount')}{' '}
        <Link to={Routes.login} state={location.state as unknown} className="font-semibold text-brand underline">
          {t('account.login')}
        </Link>
      </p>
    </AuthCard>
  );
}
