import { useState } from 'react';
import { Routes } from '@bookshop/contracts/routes';
import { useRichT } from '../../../lib/i18n/rich-text.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { Button } from '../../../ui/button.tsx';
import { usePublicConfig } from '../api/get-public-config.ts';
import { prepareGoogleSignIn } from '../lib/google-sign-in.ts';
import { GoogleIcon } from './auth-icons.tsx';

export const GOOGLE_LINK_SECTION_ID = 'google-sign-in';

type GoogleLinkSectionProps = {
  /** Whether the account already signs in with Google (CustomerProfile.googleLinked). */
  linked: boolean;
  /** The account's address: Google sign-in is linked only with the Google account that uses it. */
  emailAddress: string;
};

/**
 * The 'Google Sign-In' section of /account, shown only when Google sign-in is enabled: a
 * customer whose account does not sign in with Google yet links it here (decision 055); Google
 * sends them back to the callback page, which links it and returns them to this section.
 */
export function GoogleLinkSection({ linked, emailAddress }: GoogleLinkSectionProps) {
  const t = useT();
  const rich = useRichT();
  const { data: config } = usePublicConfig();
  const [redirecting, setRedirecting] = useState(false);
  const clientId = config?.googleClientId;
  if (!clientId) return null;

  const onClick = () => {
    setRedirecting(true);
    const from = `${Routes.account}#${GOOGLE_LINK_SECTION_ID}`;
    window.location.assign(prepareGoogleSignIn(clientId, from, { purpose: 'link', loginHint: emailAddress }));
  };
  return (
    <section
      id={GOOGLE_LINK_SECTION_ID}
      aria-labelledby={`${GOOGLE_LINK_SECTION_ID}-title`}
      className="grid scroll-mt-20 gap-4"
    >
      <h2 id={`${GOOGLE_LINK_SECTION_ID}-title`} className="text-xl font-bold text-stone-900">
        {t('auth.google.section')}
      </h2>
      <div className="grid justify-items-start gap-4 rounded-xl border border-stone-200 bg-white p-5 sm:p-6">
        {linked ? (
          <p className="max-w-prose text-stone-700">{t('auth.google.linked')}</p>
        ) : (
          <>
            <p className="max-w-prose text-stone-700">
              {rich('auth.google.linkIntro', {
                email: (
                  <span className="font-semibold" dir="ltr">
                    {emailAddress}
                  </span>
                ),
              })}
            </p>
            <Button variant="secondary" pending={redirecting} onClick={onClick}>
              <GoogleIcon />
              {t('auth.google.link')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
