import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT } from '../../../lib/i18n/rich-text.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { buttonClasses } from '../../../ui/button.tsx';
import { CheckCircleIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResendConfirmationForm } from '../components/resend-confirmation-form.tsx';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';

/** /email-confirmation?id=… and /admin/email-confirmation?id=…: opened from the confirmation mail. */
export function EmailConfirmationPage({ area = 'customer' }: { area?: AuthArea }) {
  const t = useT();
  const rich = useRichT();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const confirmation = useConfirmEmail(area, id);

  if (id && confirmation.isPending) {
    return (
      <AuthCard title={t('auth.confirm.confirming')}>
        <div className="flex justify-center py-4 text-stone-700">
          <Spinner label={t('auth.confirm.confirming')} className="size-8" />
        </div>
      </AuthCard>
    );
  }

  if (confirmation.isSuccess) {
    const { emailAddress, alreadyConfirmed } = confirmation.data;
    // A link opened again (or an older mail) of a confirmed account: no error, just say so.
    return (
      <AuthCard title={t(alreadyConfirmed ? 'auth.confirm.alreadyTitle' : 'auth.confirm.doneTitle')}>
        <div role="status" className="grid justify-items-center gap-3 text-center text-stone-800">
          <CheckCircleIcon className="size-12 text-green-700" />
          <p>
            {rich(alreadyConfirmed ? 'auth.confirm.already' : 'auth.confirm.done', {
              email: (
                <bdi>
                  <EmailAddress value={emailAddress} className="font-bold" />
                </bdi>
              ),
            })}
          </p>
        </div>
        <Link to={authAreas[area].login} className={buttonClasses({ size: 'lg' })}>
          {t('account.login')}
        </Link>
      </AuthCard>
    );
  }

  // No id, or the API refused it: say why, and offer a new link.
  const error = confirmation.error;
  const reason =
    error instanceof ApiError && error.status < 500 && error.status !== 429
      ? t('auth.confirm.linkInvalid')
      : t('auth.confirm.failed');
  return (
    <AuthCard title={t('auth.confirm.notConfirmedTitle')}>
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-950">
        {id ? reason : t('auth.confirm.linkInvalid')}
      </p>
      <p className="text-sm text-stone-700">{t('auth.confirm.askNewLink')}</p>
      <ResendConfirmationForm area={area} />
      <Link to={authAreas[area].login} className="text-center text-sm font-semibold text-brand underline">
        {t('auth.backToLogin')}
      </Link>
    </AuthCard>
  );
}

export function AdminEmailConfirmationPage() {
  return <EmailConfirmationPage area="staff" />;
}
