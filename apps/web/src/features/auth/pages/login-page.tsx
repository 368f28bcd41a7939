import { Link, useLocation } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { AuthCard } from '../components/auth-card.tsx';
import { GoogleSignInSection } from '../components/google-sign-in-button.tsx';
import { LoginForm } from '../components/login-form.tsx';

/** /login (spec section 2): customer login, a link to register, and Google sign-in when enabled. */
export function LoginPage() {
  const location = useLocation();
  return (
    <AuthCard title="Login">
      <LoginForm area="customer" />
      <p className="text-center text-sm text-stone-700">
        Don&apos;t have an account?{' '}
        <Link to={Routes.register} state={location.state as unknown} className="font-semibold text-brand underline">
          Register
        </Link>
      </p>
      <GoogleSignInSection />
    </AuthCard>
  );
}
