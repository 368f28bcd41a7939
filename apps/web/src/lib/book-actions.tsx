import { createContext, useContext } from 'react';
import type { Book } from '@bookshop/contracts/catalogue';

/**
 * What a book card or book page can do with a book. The catalogue feature renders the buttons;
 * the app composes the cart and wishlist features behind this interface (features never import
 * each other).
 */
export type BookActions = {
  /** Adds one copy; rejects when it could not (the card shows the failure toast). */
  addToCart(book: Book): Promise<void>;
  /** 'guest': show 'LOGIN TO ADD WISHLIST' linking to /login; 'present': disabled 'Already Added'. */
  wishlistStatus(bookId: number): 'guest' | 'absent' | 'present';
  addToWishlist(book: Book): Promise<void>;
  /** Asks to be e-mailed when a sold-out book is back; absent for guests (the button offers the login). */
  askStockAlert?: (book: Book) => Promise<void>;
  /**
   * Whether the customer already asked for this book: undefined until their alerts are known. The
   * alerts are fetched once a sold-out book's button calls `wantStockAlerts`; both absent for guests.
   */
  stockAlertAsked?: (bookId: number) => boolean | undefined;
  wantStockAlerts?: () => void;
  /** The short address of the book's page, for the Share button; rejects when none could be made. */
  shortLink(book: Book): Promise<string>;
};

const BookActionsContext = createContext<BookActions | null>(null);

export const BookActionsProvider = BookActionsContext.Provider;

export function useBookActions(): BookActions {
  const actions = useContext(BookActionsContext);
  if (!actions) throw new Error('useBookActions must be used inside <BookActionsProvider>');
  return actions;
}
