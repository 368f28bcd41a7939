import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';

/**
 * A Google-only account has no password to change. It sets its first one through the mailed
 * reset link (decision 007): a bare access token must not be enough to set a password.
 */
export function SetPasswordNote() {
  return (
    <p className="max-w-prose text-stone-700">
      You sign in with Google, so your account has no password yet. To set one, use{' '}
      <Link to={Routes.forgotPassword} className="font-semibold text-brand underline">
        Forgot Password ?
      </Link>{' '}
      and we will e-mail you a link.
    </p>
  );
}
