import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AccountMessages,
  DELETE_CONFIRMATION_WORD,
  type ChangePassword,
  type DeleteAccount,
  type UpdateCustomer,
} from '@bookshop/contracts/account';
import { AuthMessages, type CustomerProfile } from '@bookshop/contracts/auth';
import { PersonType, type LoginProvider } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import type { Database, Tx } from '../../platform/db.ts';
import { HttpProblem, notFound } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { AccountsService } from '../auth/accounts-service.ts';
import { isUniqueViolation } from '../auth/queries.ts';
import { sessionEnded, type SessionsService } from '../auth/sessions-service.ts';
import type { CartService } from '../cart/service.ts';
import type { WishlistService } from '../wishlist/service.ts';
import type { AvatarStore } from './avatars.ts';
import * as queries from './queries.ts';

export type CustomerAccountDeps = {
  db: Database;
  passwords: PasswordHasher;
  accounts: Pick<AccountsService, 'cancelResetLinks' | 'forgetLinks'>;
  sessions: Pick<SessionsService, 'endSessions'>;
  avatars: AvatarStore;
  cart: Pick<CartService, 'clear'>;
  wishlist: Pick<WishlistService, 'clear'>;
  addresses: Pick<AddressesService, 'removeAll'>;
  log: FastifyBaseLogger;
};

export function toCustomerProfile(account: queries.CustomerRow): CustomerProfile {
  return {
    id: account.id,
    emailAddress: account.emailAddress,
    userName: account.userName,
    firstName: account.firstName ?? '',
    lastName: account.lastName ?? '',
    imageUrl: account.imageUrl,
    ianaZone: account.ianaZone,
    personType: PersonType.Customer,
    loginProvider: account.loginProvider as LoginProvider,
    emailConfirmed: account.emailConfirmedAt !== null,
    hasPassword: account.passwordHash !== null,
    createdAt: account.createdAt.toISOString(),
  };
}

/** What a customer may change on /account; `imageUrl` undefined keeps the avatar, null removes it. */
type CustomerProfileChanges = {
  firstName: string;
  lastName: string;
  userName: string;
  ianaZone?: string;
  imageUrl?: string | null;
};

/** A 400 naming one field, worded for the toast as well as for the field. */
const fieldProblem = (field: string, message: string) =>
  new HttpProblem(400, 'Validation Failed', message, { [field]: [message] });

/** The customer behind an access token; 401 once the account is deleted (its last token outlives it). */
async function liveCustomer(tx: Tx, id: number, lock = false): Promise<queries.CustomerRow> {
  const account = lock ? await queries.lockCustomer(tx, id) : await queries.findCustomer(tx, id);
  if (!account || account.deletedAt || account.personType !== PersonType.Customer) throw sessionEnded();
  return account;
}

/** "asia/dubai" and "Asia/Dubai" are one zone; keep the spelling the time zone database uses. */
const canonicalTimeZone = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;

export type CustomerAccountService = ReturnType<typeof createCustomerAccountService>;

/** The signed-in customer's own account on /account: profile, password, deletion (docs/decisions/007). */
export function createCustomerAccountService({
  db,
  passwords,
  accounts,
  sessions,
  avatars,
  cart,
  wishlist,
  addresses,
  log,
}: CustomerAccountDeps) {
  /** Files are not part of the transaction: a failed removal leaves an unused file, never a broken profile. */
  const removeQuietly = (work: Promise<void>, accountId: number) =>
    work.catch((error: unknown) => log.warn({ err: error, accountId }, 'could not remove avatar files'));

  /**
   * Saves the profile fields of /account. The user name follows the registration rules and
   * must stay unique (409 on `userName`). Returns the avatar URL it replaced, so the caller
   * can remove the old files once the change is committed.
   */
  async function saveProfile(
    id: number,
    changes: CustomerProfileChanges,
  ): Promise<{ profile: CustomerProfile; previousImageUrl: string | null }> {
    const userNameTaken = () => {
      const message = AuthMessages.userNameTaken(changes.userName);
      return new HttpProblem(409, 'Conflict', message, { userName: [message] });
    };
    try {
      return await db.transaction(async (tx) => {
        const account = await liveCustomer(tx, id, true);
        if (await queries.isUserNameTakenByOther(tx, changes.userName, id)) throw userNameTaken();
        const updated = await queries.updateCustomer(tx, id, {
          firstName: changes.firstName,
          lastName: changes.lastName,
          userName: changes.userName,
          ...(changes.ianaZone !== undefined && { ianaZone: changes.ianaZone }),
          ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
        });
        return { profile: toCustomerProfile(updated!), previousImageUrl: account.imageUrl };
      });
    } catch (error) {
      // Another customer took the name between our check and the update.
      if (isUniqueViolation(error)) throw userNameTaken();
      throw error;
    }
  }

  /**
   * Proves the caller may delete the account: its password, or for an account without one
   * (Google-only) the word DELETE_CONFIRMATION_WORD. 400 on the field otherwise.
   */
  async function confirmDeletion(id: number, confirmation: DeleteAccount): Promise<void> {
    const account = await liveCustomer(db, id);
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
   * account as it was and the customer can try again: cart, wishlist and addresses through
   * their modules, then the account row, which stays so orders can still point at it (e-mail,
   * names, user name, avatar, time zone, password and Google link are replaced or cleared);
   * mailed links are forgotten and every session ends. The address and user name become free
   * to register again. Returns the avatar URL it dropped.
   */
  async function anonymise(id: number): Promise<{ previousImageUrl: string | null }> {
    return db.transaction(async (tx) => {
      // Locked first: a concurrent profile change or second deletion waits for this one.
      const account = await liveCustomer(tx, id, true);
      await cart.clear(id, { tx });
      await wishlist.clear(id, { tx });
      await addresses.removeAll(id, { tx });
      await queries.updateCustomer(tx, id, {
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
      });
      await accounts.forgetLinks(id, { tx });
      await sessions.endSessions(id, { tx });
      return { previousImageUrl: account.imageUrl };
    });
  }

  return {
    async getProfile(id: number): Promise<CustomerProfile> {
      const account = await queries.findCustomer(db, id);
      // A deleted account's last access token outlives it by at most 15 minutes.
      if (account?.deletedAt) throw sessionEnded();
      if (!account || account.personType !== PersonType.Customer)
        throw notFound('This customer account no longer exists.');
      return toCustomerProfile(account);
    },

    /**
     * Saves names, user name and time zone; a new image replaces the avatar (checked by content,
     * stored first, so a refused change leaves nothing behind but its own files, which it removes).
     */
    async updateProfile(customerId: number, fields: UpdateCustomer, image?: Buffer): Promise<CustomerProfile> {
      const currentImageUrl = (await queries.findCustomer(db, customerId))?.imageUrl ?? null;
      const imageUrl = image ? await avatars.put(customerId, image) : fields.removeImage ? null : undefined;
      const changes = {
        firstName: fields.firstName,
        lastName: fields.lastName,
        userName: fields.userName,
        ianaZone: fields.ianaZone === undefined ? undefined : canonicalTimeZone(fields.ianaZone),
        imageUrl,
      };
      const saved = await saveProfile(customerId, changes).catch(async (error: unknown) => {
        // The same picture again has the same key: then the stored files are the current avatar's.
        if (imageUrl && imageUrl !== currentImageUrl)
          await removeQuietly(avatars.remove(customerId, imageUrl), customerId);
        throw error;
      });
      if (imageUrl !== undefined && saved.previousImageUrl !== imageUrl)
        await removeQuietly(avatars.remove(customerId, saved.previousImageUrl), customerId);
      return saved.profile;
    },

    /**
     * Changes the password after checking the current one, and ends every other session of the
     * account (the caller's, `sessionId`, stays) and any outstanding reset link. An account
     * without a password (Google-only) sets one through the mailed reset link instead, so a
     * stolen access token alone cannot give anyone a lasting way in.
     */
    async changePassword(id: number, sessionId: string, input: ChangePassword): Promise<void> {
      const account = await liveCustomer(db, id);
      if (!account.passwordHash)
        throw new HttpProblem(400, AccountMessages.noPasswordTitle, AccountMessages.noPassword);
      if (!(await passwords.verify(account.passwordHash, input.currentPassword)))
        throw fieldProblem('currentPassword', AccountMessages.currentPasswordIncorrect);
      const passwordHash = await passwords.hash(input.password);
      await db.transaction(async (tx) => {
        const locked = await liveCustomer(tx, id, true);
        // Changed by another request since we checked it: the current password we verified is stale.
        if (locked.passwordHash !== account.passwordHash)
          throw fieldProblem('currentPassword', AccountMessages.currentPasswordIncorrect);
        await queries.updateCustomer(tx, id, { passwordHash });
        await accounts.cancelResetLinks(id, { tx });
        await sessions.endSessions(id, { exceptSessionId: sessionId, tx });
      });
    },

    /**
     * Deletes the customer's personal data after `confirmation` (password, or DELETE for a
     * Google-only account): everything in the database in one transaction (`anonymise`), then
     * the avatar files, which a failure there only leaves unused.
     */
    async deleteAccount(customerId: number, confirmation: DeleteAccount): Promise<void> {
      await confirmDeletion(customerId, confirmation);
      await anonymise(customerId);
      await removeQuietly(avatars.removeAll(customerId), customerId);
    },
  };
}
