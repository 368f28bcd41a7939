import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';

type FilterSheetProps = {
  /** The filter panel, as the book browser renders it for the sheet. */
  children: ReactNode;
  /** How many books the filters leave, once the list has answered. */
  count: number | undefined;
  onReset: () => void;
  onClose: () => void;
};

/**
 * The book list's filters in a sheet, below 1024 px (decision 073). Loaded when the Filters button
 * is first pressed or pointed at, not with the page: a page the server rendered needs none of its
 * code to paint or to hydrate (decision 103).
 */
export default function FilterSheet({ children, count, onReset, onClose }: FilterSheetProps) {
  const t = useT();
  return (
    <Dialog title={t('browser.filters')} placement="sheet" widthClass="max-w-md" onClose={onClose}>
      {children}
      <div className="mt-6 flex justify-between gap-2">
        <Button variant="secondary" onClick={onReset}>
          {t('browser.resetFilters')}
        </Button>
        <Button onClick={onClose}>
          {count === undefined ? t('browser.showBooks') : t('browser.showCount', { count })}
        </Button>
      </div>
    </Dialog>
  );
}
