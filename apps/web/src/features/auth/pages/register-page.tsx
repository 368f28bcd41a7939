import { Link, useLocation } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { AuthCard } from '../components/auth-card.tsx';
import { CustomerRegisterForm } from '../components/customer-register-form.tsx';
import { GoogleSignInSection } from '../components/google-sign-in-button.tsx';

/** /register (spec section 2): the fields, Register, an OR divider with Google, and a Login link. */
export function RegisterPage() {
  const location = useLocation();
  return (
    <AuthCard title="Register">
      <CustomerRegisterForm />
      <GoogleSignInSection />
      <p className="text-center text-sm text-stone-700">
        Already have an account?{' '}
        <Link to={Routes.login} state={location.state as unknown} className="font-semibold text-brand underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
