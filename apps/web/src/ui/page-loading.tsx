import { useT } from '../lib/i18n/i18n.tsx';
import { Spinner } from './spinner.tsx';

/**
 * Shown in the page area while a page's code loads for the first time. It fills the screen below
 * the 4rem header, so the footer starts below the fold instead of showing and then being pushed
 * down when the page arrives (most pages are taller than a phone's screen): no layout shift.
 */
export function PageLoading() {
  const t = useT();
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center text-stone-700">
      <Spinner label={t('page.loading')} className="size-8" />
    </div>
  );
}
