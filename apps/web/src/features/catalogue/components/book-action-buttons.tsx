import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Book } from '@bookshop/contracts/catalogue';
import { Routes } from '@bookshop/contracts/routes';
import { useBookActions } from '../../../lib/book-actions.tsx';
import { Button, buttonClasses, type ButtonSize } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { problemBody } from '../../../lib/problem-body.ts';
import { useSpecText, useT } from '../../../lib/i18n/i18n.tsx';

/** Runs an async action, exposing whether it is still running. */
export function usePendingAction() {
  const [pending, setPending] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setPending(true);
    try {
      await action();
    } finally {
      setPending(false);
    }
  };
  return [pending, run] as const;
}

export type ButtonProps = { book: Book; className?: string; size?: ButtonSize };

// Cards are narrow: the extra-small size keeps 'LOGIN TO ADD WISHLIST' on one line in the
// narrowest card the grid makes (book-grid.tsx sizes its columns for it).
const CARD_BUTTON = 'w-full text-center leading-tight';

export function AddToCartButton({ book, className = CARD_BUTTON, size = 'xs' }: ButtonProps) {
  const actions = useBookActions();
  const [pending, run] = usePendingAction();
  const spec = useSpecText();
  const onClick = () =>
    run(async () => {
      try {
        await actions.addToCart(book);
        toast.success(spec('bookAddedToCart'));
      } catch (error) {
        toast.error(spec('addToCartFailed'), problemBody(error));
      }
    });
  return (
    <Button
      size={size}
      className={className}
      disabled={!book.isInStock}
      pending={pending}
      onClick={() => void onClick()}
    >
      {spec('addToCart')}
    </Button>
  );
}

export function WishlistButton({ book, className = CARD_BUTTON, size = 'xs' }: ButtonProps) {
  const actions = useBookActions();
  const location = useLocation();
  const [pending, run] = usePendingAction();
  const status = actions.wishlistStatus(book.id);
  const spec = useSpecText();
  const t = useT();

  if (status === 'guest') {
    return (
      // Login sends the customer back here afterwards.
      <Link
        to={Routes.login}
        state={{ from: location }}
        className={buttonClasses({ variant: 'secondary', size, className })}
      >
        {spec('loginToAddWishlist')}
      </Link>
    );
  }
  if (status === 'present') {
    return (
      <Button variant="secondary" size={size} className={className} disabled>
        {spec('alreadyAdded')}
      </Button>
    );
  }
  const onClick = () =>
    run(async () => {
      try {
        await actions.addToWishlist(book);
        toast.success(spec('bookAddedToWishlist'));
      } catch {
        // The spec keeps a failed wishlist add silent; the button simply stays available.
      }
    });
  return (
    <Button variant="secondary" size={size} className={className} pending={pending} onClick={() => void onClick()}>
      {t('card.addToWishlist')}
    </Button>
  );
}

/**
 * A sold-out book's 'Notify me when it's back' (decision 082): guests go to the login, which brings
 * them back here; a customer's click asks for the e-mail and the button gives way to 'We'll e-mail you',
 * which a customer who asked before sees at once (their alerts are read when the button shows).
 * Nothing for a book in stock.
 */
export function StockAlertButton({ book, className, size = 'lg' }: ButtonProps) {
  const actions = useBookActions();
  const location = useLocation();
  const [pending, run] = usePendingAction();
  const [justAsked, setJustAsked] = useState(false);
  const t = useT();
  const { wantStockAlerts } = actions;
  const soldOut = !book.isInStock;
  useEffect(() => {
    if (soldOut) wantStockAlerts?.();
  }, [soldOut, wantStockAlerts]);
  if (book.isInStock) return null;
  if (!actions.askStockAlert) {
    return (
      <Link
        to={Routes.login}
        state={{ from: location }}
        className={buttonClasses({ variant: 'secondary', size, className })}
      >
        {t('stockAlert.notifyMe')}
      </Link>
    );
  }
  const askedBefore = actions.stockAlertAsked ? actions.stockAlertAsked(book.id) : false;
  if (justAsked || askedBefore) {
    return (
      <p role="status" className="font-medium text-emerald-900">
        {t('stockAlert.willEmail')}
      </p>
    );
  }
  const ask = actions.askStockAlert;
  const onClick = () =>
    run(async () => {
      try {
        await ask(book);
        setJustAsked(true);
      } catch (error) {
        toast.error(t('stockAlert.askFailed'), problemBody(error));
      }
    });
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      // Until the customer's alerts are known, asking again would only answer 'already asked'.
      pending={pending || askedBefore === undefined}
      onClick={() => void onClick()}
    >
      {t('stockAlert.notifyMe')}
    </Button>
  );
}
