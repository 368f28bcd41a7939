import { usePublicConfig } from '../../features/auth/api/get-public-config.ts';
import { useT } from '../../lib/i18n/i18n.tsx';

/**
 * Across the top of every page while payments go to the built-in sandbox (decision 060): orders
 * complete, but no card is charged. The settings are in the query cache before the first render
 * (the root route's loader, on the server and in the browser), so the server's markup has the
 * ribbon, hydration finds it unchanged, and it never appears later and pushes the page down.
 */
export function TestModeRibbon() {
  const { data: config } = usePublicConfig();
  const t = useT();
  if (!config?.testMode) return null;
  return (
    <aside
      aria-label={t('testMode.ribbonLabel')}
      className="bg-amber-300 px-4 py-1.5 text-center text-sm leading-5 font-bold text-stone-950"
    >
      <p>{t('testMode.ribbon')}</p>
    </aside>
  );
}
