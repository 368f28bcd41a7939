import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT } from '../../../lib/i18n/rich-text.tsx';

/**
 * A Google-only account has no password to change. It sets its first one through the mailed
 * reset link (decision 007): a bare access token must not be enough to set a password.
 */
export function SetPasswordNote() {
  const t = useT();
  const rich = useRichT();
  return (
    <p className="max-w-prose text-stone-700">
      {rich('password.noPasswordNote', {
        link: (
          <Link to={Routes.forgotPassword} className="font-semibold text-brand underline">
            {t('auth.forgotPasswordLink')}
          </Link>
        ),
      })}
    </p>
  );
}
