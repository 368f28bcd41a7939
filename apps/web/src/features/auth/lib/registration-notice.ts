import { TOAST_DURATIONS } from '@bookshop/contracts/constants';
import type { useT } from '../../../lib/i18n/i18n.tsx';
import { escapeHtml } from '../../../ui/safe-html.tsx';
import { toast } from '../../../ui/toast.tsx';

/** Spec section 4: after registering, a success notice shows for 5 seconds, in the page's language. */
export function showRegistrationNotice(emailAddress: string, t: ReturnType<typeof useT>) {
  toast({
    title: t('auth.registered'),
    description: t('auth.registered.detail', { email: `<b>${escapeHtml(emailAddress)}</b>` }),
    variant: 'success',
    time: TOAST_DURATIONS.registrationNotice,
  });
}
