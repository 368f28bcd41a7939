import { AuthMessages } from '@bookshop/contracts/auth';
import { TOAST_DURATIONS } from '@bookshop/contracts/constants';
import { escapeHtml } from '../../../ui/safe-html.tsx';
import { toast } from '../../../ui/toast.tsx';

/** Spec section 4: after registering, a success notice shows for 5 seconds. */
export function showRegistrationNotice(emailAddress: string) {
  toast({
    title: AuthMessages.registered,
    description: `We sent a confirmation link to <b>${escapeHtml(emailAddress)}</b>. Open it, then log in.`,
    variant: 'success',
    time: TOAST_DURATIONS.registrationNotice,
  });
}
