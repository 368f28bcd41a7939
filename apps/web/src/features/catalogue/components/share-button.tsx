import { useBookActions } from '../../../lib/book-actions.tsx';
import { shareOrCopy } from '../../../lib/share.ts';
import { Button } from '../../../ui/button.tsx';
import { ShareIcon } from '../../../ui/icons.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import { usePendingAction, type ButtonProps } from './book-action-buttons.tsx';

/**
 * Shares the short link of the book's page: the share sheet where the browser has one, else the
 * clipboard. A module of its own: only the lazily loaded book page shows it, so the home page's
 * cards do not carry it (nor the contracts' zod schemas it would pull in).
 */
export function ShareButton({ book, className, size = 'md' }: ButtonProps) {
  const actions = useBookActions();
  const [pending, run] = usePendingAction();
  const t = useT();
  const text = useCatalogueText();
  const onClick = () =>
    run(async () => {
      let url: string;
      try {
        url = await actions.shortLink(book);
      } catch {
        return; // The failed request has shown its own toast (spec section 8).
      }
      const outcome = await shareOrCopy({ title: text.title(book), url });
      if (outcome === 'copied') toast.success(t('book.linkCopied'));
      if (outcome === 'failed') toast.error(t('book.shareFailed'), t('book.shareFailedDetail'));
    });
  return (
    <Button variant="secondary" size={size} className={className} pending={pending} onClick={() => void onClick()}>
      {!pending && <ShareIcon className="size-4" />}
      {t('book.share')}
    </Button>
  );
}
