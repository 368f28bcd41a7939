import { useT } from '../../../lib/i18n/i18n.tsx';

export function OrDivider() {
  const t = useT();
  const or = t('auth.or');
  return (
    <div className="flex items-center gap-3 text-sm font-semibold text-stone-600" role="separator" aria-label={or}>
      <span className="h-px flex-1 bg-stone-300" />
      <span aria-hidden="true">{or}</span>
      <span className="h-px flex-1 bg-stone-300" />
    </div>
  );
}
