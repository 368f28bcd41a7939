import { Link, useSearchParams } from 'react-router';
import { AuthMessages } from '@bookshop/contracts/auth';
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
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const confirmation = useConfirmEmail(area, id);

  if (id && confirmation.isPending) {
    return (
      <AuthCard title="Confirming your email address">
        <div className="flex justify-center py-4 text-stone-700">
          <Spinner label="Confirming your email address" className="size-8" />
        </div>
      </AuthCard>
    );
  }

  if (confirmation.isSuccess) {
    const { emailAddress, alreadyConfirmed } = confirmation.data;
    // A link opened again (or an older mail) of a confirmed account: no error, just say so.
    return (
      <AuthCard title={alreadyConfirmed ? 'Email address already confirmed' : 'Email address confirmed'}>
        <div role="status" className="grid justify-items-center gap-3 text-center text-stone-800">
          <CheckCircleIcon className="size-12 text-green-700" />
          <p>
            <EmailAddress value={emailAddress} className="font-bold" />{' '}
            {alreadyConfirmed ? 'was already confirmed. You can log in.' : 'is confirmed. You can log in now.'}
          </p>
        </div>
        <Link to={authAreas[area].login} className={buttonClasses({ size: 'lg' })}>
          Login
        </Link>
      </AuthCard>
    );
  }

  // No id, or the API refused it: say why, and offer a new link.
  const error = confirmation.error;
  const reason =
    error instanceof ApiError && error.status < 500 && error.status !== 429
      ? AuthMessages.confirmationLinkInvalid
      : 'We could not confirm your email address right now. Please try again later.';
  return (
    <AuthCard title="Email address not confirmed">
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-950">
        {id ? reason : AuthMessages.confirmationLinkInvalid}
      </p>
      <p className="text-sm text-stone-700">Enter your email address and we will send you a new link.</p>
      <ResendConfirmationForm area={area} />
      <Link to={authAreas[area].login} className="text-center text-sm font-semibold text-brand underline">
        Back to Login
      </Link>
    </AuthCard>
  );
}

export function AdminEmailConfirmationPage() {
  return <EmailConfirmationPage area="staff" />;
}
