import { BookPage } from '../features/catalogue/pages/book-page.tsx';
import { isCustomer, useCurrentUser } from '../features/auth/session/session-store.ts';
import { BookReviews } from '../features/reviews/components/book-reviews.tsx';

/** /books/{title}: the catalogue's book page with the reviews feature's section under it. */
export function BookRoute() {
  const customer = isCustomer(useCurrentUser());
  return (
    <BookPage
      reviews={(book) => (
        // Keyed by book, so moving to another book starts its reviews on page 1 without a filter.
        <BookReviews key={book.id} bookId={book.id} bookTitle={book.title} customer={customer} />
      )}
    />
  );
}
