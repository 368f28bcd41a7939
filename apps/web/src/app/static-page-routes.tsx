import { usePublicConfig } from '../features/auth/api/get-public-config.ts';
import { FaqsPage } from '../features/static-pages/pages/faqs-page.tsx';
import { PrivacyPolicyPage } from '../features/static-pages/pages/privacy-policy-page.tsx';

/**
 * Whether the login page offers 'Sign in with Google': the shop's public settings, which the root
 * loader has fetched before any page renders (on the server too), so the text never changes later.
 */
function useGoogleSignIn() {
  return Boolean(usePublicConfig().data?.googleClientId);
}

/** /faqs: the answers speak only of what this shop has switched on. */
export function FaqsRoute() {
  return <FaqsPage googleSignIn={useGoogleSignIn()} />;
}

/** /privacy-policy: names Google only when customers can sign in with it. */
export function PrivacyPolicyRoute() {
  return <PrivacyPolicyPage googleSignIn={useGoogleSignIn()} />;
}
