import { useSpecText, useT } from '../lib/i18n/i18n.tsx';
import { Button } from './button.tsx';

type LoadErrorProps = {
  onRetry: () => unknown;
  /**
   * `section`: a line within a page's section; `table`: in place of a staff table, centred;
   * `page`: in place of a whole page (an order, a ticket, the cart), at its start.
   */
  placement?: 'section' | 'table' | 'page';
  /** More classes for the message's box, e.g. the page's own spacing. */
  className?: string;
};

const BOX: Record<NonNullable<LoadErrorProps['placement']>, string> = {
  section: 'flex flex-wrap items-center gap-3',
  table: 'flex flex-col items-center gap-3 py-10',
  page: 'flex flex-col items-start gap-3',
};

/** A list or section that could not be loaded, in its place, with a way to ask again. */
export function LoadError({ onRetry, placement = 'section', className }: LoadErrorProps) {
  const t = useT();
  const specText = useSpecText();
  return (
    <div role="alert" className={className ? `${BOX[placement]} ${className}` : BOX[placement]}>
      <p className={placement === 'page' ? 'text-lg font-semibold text-rose-900' : 'font-semibold text-rose-900'}>
        {specText('listError')}
      </p>
      <Button variant="secondary" size={placement === 'section' ? 'sm' : undefined} onClick={() => void onRetry()}>
        {t('loadError.retry')}
      </Button>
    </div>
  );
}
