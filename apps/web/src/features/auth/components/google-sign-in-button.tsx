import { useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { Button } from '../../../ui/button.tsx';
import { usePublicConfig } from '../api/get-public-config.ts';
import { prepareGoogleSignIn } from '../lib/google-sign-in.ts';
import { originOf } from '../lib/origin.ts';
import { GoogleIcon } from './auth-icons.tsx';
import { OrDivider } from './or-divider.tsx';

/** 'Sign in with Google' (customers only), shown only when the API has Google sign-in enabled. */
export function GoogleSignInSection() {
  const t = useT();
  const { data: config } = usePublicConfig();
  const location = useLocation();
  const [redirecting, setRedirecting] = useState(false);
  const clientId = config?.googleClientId;
  if (!clientId) return null;

  const onClick = () => {
    setRedirecting(true);
    window.location.assign(prepareGoogleSignIn(clientId, originOf(location.state)));
  };
  return (
    <>
      <OrDivider />
      <Button variant="secondary" size="lg" className="w-full" pending={redirecting} onClick={onClick}>
        <GoogleIcon />
        {t('auth.google.signIn')}
      </Button>
    </>
  );
}
