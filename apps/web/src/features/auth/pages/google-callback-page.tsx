import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthMessages } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { googleSignInQueryOptions } from '../api/google-sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { readGoogleCallbackOnce } from '../lib/google-sign-in.ts';
import { browserTimeZone } from '../lib/time-zone.ts';

/**
 * /auth/google/callback: Google sends the visitor back here with an id_token in the fragment.
 * The nonce is checked against this tab's, the token goes to the API, and on success the visitor
 * returns to where they started.
 */
export function GoogleCallbackPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [callback] = useState(() => readGoogleCallbackOnce(location.hash));
  const signIn = useQuery({
    ...googleSignInQueryOptions(
      callback.ok
        ? { idToken: callback.idToken, nonce: callback.nonce, ianaZone: browserTimeZone() }
        : { idToken: '', nonce: '' },
    ),
    enabled: callback.ok,
  });

  const hasFragment = location.hash !== '';
  useEffect(() => {
    // The token must not stay in the address bar or the history.
    if (hasFragment) void navigate({ pathname: Routes.googleCallback }, { replace: true });
  }, [hasFragment, navigate]);

  useEffect(() => {
    if (signIn.isSuccess) void navigate(callback.ok && callback.from ? callback.from : Routes.home, { replace: true });
  }, [signIn.isSuccess, callback, navigate]);

  if (!callback.ok || signIn.isError) {
    const cancelled = !callback.ok && callback.reason === 'cancelled';
    return (
      <AuthCard title={cancelled ? 'Google sign-in cancelled' : AuthMessages.googleSignInFailedTitle}>
        <p role="alert" className="text-center text-stone-800">
          {cancelled ? 'You did not finish signing in with Google.' : AuthMessages.googleSignInFailed}
        </p>
        <Link to={Routes.login} replace className={buttonClasses({ size: 'lg' })}>
          Back to Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Signing you in">
      <div className="flex justify-center py-4 text-stone-700">
        <Spinner label="Signing you in with Google" className="size-8" />
      </div>
    </AuthCard>
  );
}
