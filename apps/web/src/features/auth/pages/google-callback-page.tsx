import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { buttonClasses } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { googleSignInQueryOptions } from '../api/google-sign-in.ts';
import { linkGoogleQueryOptions } from '../api/link-google.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { GOOGLE_LINK_SECTION_ID } from '../components/google-link-section.tsx';
import { readGoogleCallbackOnce, type GoogleCallback } from '../lib/google-sign-in.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { localisedPath } from '../../../lib/i18n/locale.ts';

const accountSection = `${Routes.account}#${GOOGLE_LINK_SECTION_ID}`;

/** What the page says when it cannot finish: a 409's own words (decision 055), else the generic failure. */
function failure(callback: GoogleCallback, error: unknown, t: ReturnType<typeof useT>) {
  const linking = callback.purpose === 'link';
  if (!callback.ok && callback.reason === 'cancelled') {
    return {
      title: t(linking ? 'auth.google.notLinked' : 'auth.google.cancelled'),
      message: t(linking ? 'auth.google.linkUnfinished' : 'auth.google.signInUnfinished'),
    };
  }
  const refusal = error instanceof ApiError && error.status === 409 ? error.problem : undefined;
  return {
    title: refusal?.title ?? t(linking ? 'auth.google.linkFailedTitle' : 'auth.google.signInFailedTitle'),
    message: refusal?.detail ?? t('auth.google.signInFailed'),
  };
}

/**
 * /auth/google/callback: Google sends the visitor back here with an id_token in the fragment.
 * The nonce is checked against this tab's, the token goes to the API, and on success the visitor
 * returns to where they started — or, when they were linking Google to their account, to /account.
 */
export function GoogleCallbackPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [callback] = useState(() => readGoogleCallbackOnce(location.hash));
  const linking = callback.purpose === 'link';
  const body = callback.ok ? { idToken: callback.idToken, nonce: callback.nonce } : { idToken: '', nonce: '' };
  const signIn = useQuery({
    ...googleSignInQueryOptions({ ...body, ...(callback.ok && { ianaZone: browserTimeZone() }) }),
    enabled: callback.ok && !linking,
  });
  const link = useQuery({ ...linkGoogleQueryOptions(body), enabled: callback.ok && linking });
  const result = linking ? link : signIn;

  const linkedText = t('auth.google.linkedToast');
  const hasFragment = location.hash !== '';
  useEffect(() => {
    // The token must not stay in the address bar or the history.
    if (hasFragment) void navigate({ pathname: Routes.googleCallback }, { replace: true });
  }, [hasFragment, navigate]);

  useEffect(() => {
    if (!result.isSuccess) return;
    const target = linking ? accountSection : callback.ok && callback.from ? callback.from : Routes.home;
    // This page is English (Google's one callback address); a visitor who left from an Arabic page
    // goes on in Arabic, a page load into the Arabic pages.
    if (callback.locale === 'ar') {
      window.location.replace(localisedPath(target, 'ar'));
      return;
    }
    if (linking) toast.success(linkedText);
    void navigate(target, { replace: true });
  }, [result.isSuccess, linking, callback, navigate, linkedText]);

  if (!callback.ok || result.isError) {
    const { title, message } = failure(callback, result.error, t);
    return (
      <AuthCard title={title}>
        <p role="alert" className="text-center text-stone-800">
          {message}
        </p>
        <Link to={linking ? accountSection : Routes.login} replace className={buttonClasses({ size: 'lg' })}>
          {t(linking ? 'auth.google.backToAccount' : 'auth.backToLogin')}
        </Link>
      </AuthCard>
    );
  }

  const waiting = t(linking ? 'auth.google.linking' : 'auth.google.signingIn');
  return (
    <AuthCard title={waiting}>
      <div className="flex justify-center py-4 text-stone-700">
        <Spinner label={t(linking ? 'auth.google.linkingLabel' : 'auth.google.signingInLabel')} className="size-8" />
      </div>
    </AuthCard>
  );
}
