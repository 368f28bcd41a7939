import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useServerText } from './server-text.ts';

/**
 * What the API said went wrong, in the words of spec section 8: message, else detail, else field
 * errors; in the page's language where the API's text is one checkout knows (server-text.ts).
 */
export function useProblemText() {
  const t = useT();
  const serverText = useServerText();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('checkout.offline');
    const { problem } = error;
    const fieldErrors = problem.errors ? Object.values(problem.errors).flat() : [];
    return serverText(
      problem.message ?? problem.detail ?? (fieldErrors.length > 0 ? fieldErrors.join(' ') : problem.title),
    );
  };
}
