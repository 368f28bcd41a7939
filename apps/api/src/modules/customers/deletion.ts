import { randomBytes } from 'node:crypto';
import { AccountMessages, DELETE_CONFIRMATION_WORD, type DeleteAccount } from '@bookshop/contracts/account';
import { PersonType } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import type { Database } from '../../platform/db.ts';
import type { PasswordHasher } from '../../platform/password.ts';
import type { AddressesService } from '../addresses/service.ts';
import { updateAccount, type AccountsService } from '../auth/accounts-service.ts';
import type { SessionsService } from '../auth/sessions-service.ts';
import type { CartService } from '../cart/service.ts';
import type { ReviewsService } from '../reviews/service.ts';
import type { SupportService } from '../support/service.ts';
import type { WishlistService } from '../wishlist/service.ts';
import { fieldProblem, liveAccount } from './live-account.ts';

/** What deleting a customer's account reaches: every module that keeps the customer's personal data. */
export type AccountDeletionDeps = {
  db: Database;
  passwords: PasswordHasher;
  accounts: Pick<AccountsService, 'forgetLinks'>;
  sessions: Pick<SessionsService, 'endSessions'>;
  cart: Pick<CartService, 'clear'>;
  wishlist: Pick<WishlistService, 'clear'>;
  addresses: Pick<AddressesService, 'removeAll'>;
  support: Pick<SupportService, 'removeAllForCustomer'>;
  reviews: Pick<ReviewsService, 'removeAllBy'>;
};

/**
 * Proves the caller may delete the account: its password, or for an account without one
 * (Google-only) the word DELETE_CONFIRMATION_WORD. 400 on the field otherwise.
 */
export async function confirmDeletion(
  { db, passwords }: Pick<AccountDeletionDeps, 'db' | 'passwords'>,
  id: number,
  confirmation: DeleteAccount,
): Promise<void> {
  const account = await liveAccount(db, PersonType.Customer, id);
  if (!account.passwordHash) {
    if (confirmation.confirm?.trim() !== DELETE_CONFIRMATION_WORD)
      throw fieldProblem('confirm', AccountMessages.confirmDeletion);
    return;
  }
  if (!confirmation.password) throw fieldProblem('password', Messages.passwordRequired);
  if (!(await passwords.verify(account.passwordHash, confirmation.password)))
    throw fieldProblem('password', AccountMessages.passwordIncorrect);
}

/**
 * Removes a customer's personal data in one transaction, so a failure anywhere leaves the
 * account as it was and the customer can try again: cart, wishlist, addresses and support tickets through
 * their modules, then the account row, which stays so orders can still point at it (e-mail,
 * names, user name, avatar, time zone, password and Google link are replaced or cleared);
 * mailed links are forgotten and every session ends. The address and user name become free
 * to register again. Returns the avatar URL it dropped.
 */
export async function anonymise(deps: AccountDeletionDeps, id: number): Promise<{ previousImageUrl: string | null }> {
  const { db, accounts, sessions, cart, wishlist, addresses, support, reviews } = deps;
  return db.transaction(async (tx) => {
    // Locked first: a concurrent profile change or second deletion waits for this one.
    const account = await liveAccount(tx, PersonType.Customer, id, true);
    await cart.clear(id, { tx });
    await wishlist.clear(id, { tx });
    await addresses.removeAll(id, { tx });
    await support.removeAllForCustomer(id, { tx });
    await reviews.removeAllBy(id, { tx });
    await updateAccount(
      id,
      {
        // Not an e-mail address, so nobody can register it and block the next deletion.
        emailAddress: `deleted-account-${id}`,
        userName: `deleted-${id}-${randomBytes(6).toString('hex')}`,
        firstName: null,
        lastName: null,
        imageUrl: null,
        ianaZone: null,
        passwordHash: null,
        googleSubject: null,
        emailConfirmedAt: null,
        deletedAt: new Date(),
      },
      { tx },
    );
    await accounts.forgetLinks(id, { tx });
    await sessions.endSessions(id, { tx });
    return { previousImageUrl: account.imageUrl };
  });
}
