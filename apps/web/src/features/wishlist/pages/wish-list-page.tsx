import { useState } from 'react';
import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { HeartIcon } from '../../../ui/icons.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useClearWishlist } from '../api/clear-wishlist.ts';
import { useWishlist } from '../api/get-wishlist.ts';
import { WishlistItem } from '../components/wishlist-item.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';

/** /wish-list (logged-in customers): the saved books, newest first. */
export function WishListPage() {
  const t = useT();
  useDocumentTitle(t('wishlist.title'));
  const wishlist = useWishlist();
  const clear = useClearWishlist();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const books = wishlist.data?.pages.flatMap((page) => page.data) ?? [];
  const total = wishlist.data?.pages[0]?.paginationDetails.noOfRecords ?? 0;

  let body;
  if (wishlist.isPending) body = <Spinner label={t('wishlist.loading')} className="size-8" />;
  else if (wishlist.isError) {
    body = <LoadError placement="page" onRetry={() => wishlist.refetch()} />;
  } else if (books.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
        <HeartIcon className="size-12 text-stone-400" strokeWidth={1.5} />
        <p className="text-xl font-semibold text-stone-900">{t('wishlist.empty')}</p>
        <p className="max-w-md text-stone-600">{t('wishlist.emptyHint')}</p>
        <Link to={Routes.home} className={buttonClasses({ size: 'lg' })}>
          {t('wishlist.browse')}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <ul className="divide-y divide-stone-200 border-y border-stone-200">
          {books.map((book) => (
            <WishlistItem key={book.id} book={book} />
          ))}
        </ul>
        {wishlist.hasNextPage && (
          <Button
            variant="secondary"
            className="justify-self-center"
            pending={wishlist.isFetchingNextPage}
            onClick={() => void wishlist.fetchNextPage()}
          >
            {t('wishlist.more')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-6 py-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-stone-900">{t('wishlist.title')}</h1>
          {total > 0 && <p className="text-stone-600">{t('wishlist.count', { count: total })}</p>}
        </div>
        {books.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-800! hover:bg-red-50!"
            pending={clear.isPending}
            onClick={() => setConfirmingClear(true)}
          >
            {t('wishlist.clear')}
          </Button>
        )}
      </div>
      {body}
      {confirmingClear && (
        <ConfirmDialog
          title={t('wishlist.confirmTitle')}
          description={t('wishlist.confirmText')}
          cancelLabel={t('wishlist.keep')}
          confirmLabel={t('wishlist.clear')}
          onConfirm={() => clear.mutate()}
          onClose={() => setConfirmingClear(false)}
        />
      )}
    </div>
  );
}
