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

/** /wish-list (logged-in customers): the saved books, newest first. */
export function WishListPage() {
  useDocumentTitle('Wishlist');
  const wishlist = useWishlist();
  const clear = useClearWishlist();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const books = wishlist.data?.pages.flatMap((page) => page.data) ?? [];
  const total = wishlist.data?.pages[0]?.paginationDetails.noOfRecords ?? 0;

  let body;
  if (wishlist.isPending) body = <Spinner label="Loading your wishlist" className="size-8" />;
  else if (wishlist.isError) {
    body = <LoadError placement="page" onRetry={() => wishlist.refetch()} />;
  } else if (books.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
        <HeartIcon className="size-12 text-stone-400" strokeWidth={1.5} />
        <p className="text-xl font-semibold text-stone-900">Your wishlist is empty.</p>
        <p className="max-w-md text-stone-600">Save books you like for later with the wishlist button on any book.</p>
        <Link to={Routes.home} className={buttonClasses({ size: 'lg' })}>
          Browse Books
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
            Show More
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-6 py-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-stone-900">Wishlist</h1>
          {total > 0 && (
            <p className="text-stone-600">
              {total} {total === 1 ? 'book' : 'books'}
            </p>
          )}
        </div>
        {books.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-800! hover:bg-red-50!"
            pending={clear.isPending}
            onClick={() => setConfirmingClear(true)}
          >
            Clear Wishlist
          </Button>
        )}
      </div>
      {body}
      {confirmingClear && (
        <ConfirmDialog
          title="Clear your wishlist?"
          description="Every book will be removed from your wishlist."
          cancelLabel="Keep Books"
          confirmLabel="Clear Wishlist"
          onConfirm={() => clear.mutate()}
          onClose={() => setConfirmingClear(false)}
        />
      )}
    </div>
  );
}
