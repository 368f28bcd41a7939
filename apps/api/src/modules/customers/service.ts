import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AccountMessages,
  DELETE_CONFIRMATION_WORD,
  type ChangePassword,
  type DeleteAccount,
  type UpdateCustomer,
  type UpdateStaff,
} from '@bookshop/contracts/account';
import { AuthMessages, type CustomerProfile } from '@bookshop/contracts/auth';
import { PersonType, type LoginProvider } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { isUniqueViolation, type Database, type Tx } from '../../platform/db.ts';
import { HttpProblem, notFound } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { AccountsService } from '../auth/accounts-service.ts';
import { sessionEnded, type SessionsService } from '../auth/sessions-service.ts';
import type { CartService } from '../cart/service.ts';
import type { SupportService } from '../support/service.ts';
import type { ReviewsService } from '../reviews/service.ts';
import type { WishlistService } from '../wishlist/service.ts';
import type { AvatarStore } from './avatars.ts';
import * as queries from './queries.ts';

/**
 * What a profile service needs: which person type it serves (customers on /account, staff on
 * /admin/dashboard/profile) and how it answers an account (CustomerProfile, StaffMember).
 */
export type ProfileServiceDeps<Profile> = {
  personType: PersonType;
  toProfile: (account: queries.AccountRow) => Profile;
  db: Database;
  passwords: PasswordHasher;
  accounts: Pick<AccountsService, 'cancelResetLinks'>;
  sessions: Pick<SessionsService, 'endSessions'>;
  avatars: AvatarStore;
  log: FastifyBaseLogger;
};

export type CustomerAccountDeps = Omit<ProfileServiceDeps<CustomerProfile>, 'personType' | 'toProfile' | 'accounts'> & {
  accounts: Pick<AccountsService, 'cancelResetLinks' | 'forgetLinks'>;
  cart: Pick<CartService, 'clear'>;
  wishlist: Pick<WishlistService, 'clear'>;
  addresses: Pick<AddressesService, 'removeAll'>;
  support: Pick<SupportService, 'removeAllForCustomer'>;
  reviews: Pick<ReviewsService, 'removeAllBy'>;
};

export function toCustomerProfile(account: queries.AccountRow): CustomerProfile {
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
    googleLinked: account.googleSubject !== null,
    createdAt: account.createdAt.toISOString(),
  };
}

/** The profile form's fields: a staff member's, plus the customer's time zone (kept when left out). */
type ProfileFields = UpdateStaff & Pick<UpdateCustomer, 'ianaZone'>;

/** What an account holder may change; `imageUrl` undefined keeps the avatar, null removes it. */
type ProfileChanges = {
  firstName: string;
  lastName: string;
  userName: string;
  ianaZone?: string;
  imageUrl?: string | null;
};

/** A 400 naming one field, worded for the toast as well as for the field. */
const fieldProblem = (field: string, message: string) =>
  new HttpProblem(400, 'Validation Failed', message, { [field]: [message] });

/**
 * The account behind an access token, of the person type the route serves; 401 once it is
 * deleted (its last token outlives it).
 */
async function liveAccount(tx: Tx, personType: PersonType, id: number, lock = false): Promise<queries.AccountRow> {
  const account = lock ? await queries.lockAccount(tx, id) : await queries.findAccount(tx, id);
  if (!account || account.deletedAt || account.personType !== personType) throw sessionEnded();
  return account;
}

/** Files are not part of the transaction: a failed removal leaves an unused file, never a broken profile. */
const removeQuietly = (log: FastifyBaseLogger, work: Promise<void>, accountId: number) =>
  work.catch((error: unknown) => log.warn({ err: error, accountId }, 'could not remove avatar files'));

/** "asia/dubai" and "Asia/Dubai" are one zone; keep the spelling the time zone database uses. */
const canonicalTimeZone = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;

export type ProfileService<Profile> = ReturnType<typeof createProfileService<Profile>>;

/**
 * The signed-in account holder's own profile and password, for one person type: customers on
 * /account (docs/decisions/007), staff on /admin/dashboard/profile (docs/decisions/036). An
 * account of another person type is refused as a session that has ended.
 */
export function createProfileService<Profile>({
  personType,
  toProfile,
  db,
  passwords,
  accounts,
  sessions,
  avatars,
  log,
}: ProfileServiceDeps<Profile>) {
  /**
   * Saves the profile fields. The user name follows the registration rules and must stay
   * unique among accounts of the same person type (409 on `userName`). Returns the avatar URL
   * it replaced, so the caller can remove the old files once the change is committed.
   */
  async function saveProfile(
    id: number,
    changes: ProfileChanges,
  ): Promise<{ profile: Profile; previousImageUrl: string | null }> {
    const userNameTaken = () => {
      const message = AuthMessages.userNameTaken(changes.userName);
      return new HttpProblem(409, 'Conflict', message, { userName: [message] });
    };
    try {
      return await db.transaction(async (tx) => {
        const account = await liveAccount(tx, personType, id, true);
        if (await queries.isUserNameTakenByOther(tx, personType, changes.userName, id)) throw userNameTaken();
        const updated = await queries.updateAccount(tx, id, {
          firstName: changes.firstName,
          lastName: changes.lastName,
          userName: changes.userName,
          ...(changes.ianaZone !== undefined && { ianaZone: changes.ianaZone }),
          ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
        });
        return { profile: toProfile(updated!), previousImageUrl: account.imageUrl };
      });
    } catch (error) {
      // Another account took the name between our check and the update.
      if (isUniqueViolation(error)) throw userNameTaken();
      throw error;
    }
  }

  return {
    /**
     * Saves names, user name and (customers) time zone; a new image replaces the avatar (checked
     * by content, stored first, so a refused change leaves nothing behind but its own files,
     * which it removes).
     */
    async updateProfile(accountId: number, fields: ProfileFields, image?: Buffer): Promise<Profile> {
      const currentImageUrl = (await queries.findAccount(db, accountId))?.imageUrl ?? null;
      const imageUrl = image ? await avatars.put(accountId, image) : fields.removeImage ? null : undefined;
      const changes = {
        firstName: fields.firstName,
        lastName: fields.lastName,
        userName: fields.userName,
        ianaZone: fields.ianaZone === undefined ? undefined : canonicalTimeZone(fields.ianaZone),
        imageUrl,
      };
      const saved = await saveProfile(accountId, changes).catch(async (error: unknown) => {
        // The same picture again has the same key: then the stored files are the current avatar's.
        if (imageUrl && imageUrl !== currentImageUrl)
          await removeQuietly(log, avatars.remove(accountId, imageUrl), accountId);
        throw error;
      });
      if (imageUrl !== undefined && saved.previousImageUrl !== imageUrl)
        await removeQuietly(log, avatars.remove(accountId, saved.previousImageUrl), accountId);
      return saved.profile;
    },

    /**
     * Changes the password after checking the current one, and ends every other session of the
     * account (the caller's, `sessionId`, stays) and any outstanding reset link. An account
     * without a password (Google-only) sets one through the mailed reset link instead, so a
     * stolen access token alone cannot give anyone a lasting way in.
     */
    async changePassword(id: number, sessionId: string, input: ChangePassword): Promise<void> {
      const account = await liveAccount(db, personType, id);
      if (!account.passwordHash)
        throw new HttpProblem(400, AccountMessages.noPasswordTitle, AccountMessages.noPassword);
      if (!(await passwords.verify(account.passwordHash, input.currentPassword)))
        throw fieldProblem('currentPassword', AccountMessages.currentPasswordIncorrect);
      const passwordHash = await passwords.hash(input.password);
      await db.transaction(async (tx) => {
        const locked = await liveAccount(tx, personType, id, true);
        // Changed by another request since we checked it: the current password we verified is stale.
        if (locked.passwordHash !== account.passwordHash)
          throw fieldProblem('currentPassword', AccountMessages.currentPasswordIncorrect);
        await queries.updateAccount(tx, id, { passwordHash });
        await accounts.cancelResetLinks(id, { tx });
        await sessions.endSessions(id, { exceptSessionId: sessionId, tx });
      });
    },
  };
}

export type CustomerAccountService = ReturnType<typeof createCustomerAccountService>;

/** The signed-in customer's own account on /account: profile, password, deletion (docs/decisions/007). */
export function createCustomerAccountService(deps: CustomerAccountDeps) {
  const { db, passwords, accounts, sessions, avatars, cart, wishlist, addresses, support, reviews, log } = deps;
  const liveCustomer = (tx: Tx, id: number, lock = false) => liveAccount(tx, PersonType.Customer, id, lock);

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
   * account as it was and the customer can try again: cart, wishlist, addresses and support tickets through
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
      await support.removeAllForCustomer(id, { tx });
      await reviews.removeAllBy(id, { tx });
      await queries.updateAccount(tx, id, {
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
    ...createProfileService({ ...deps, personType: PersonType.Customer, toProfile: toCustomerProfile }),

    async getProfile(id: number): Promise<CustomerProfile> {
      const account = await queries.findAccount(db, id);
      // A deleted account's last access token outlives it by at most 15 minutes.
      if (account?.deletedAt) throw sessionEnded();
      if (!account || account.personType !== PersonType.Customer)
        throw notFound('This customer account no longer exists.');
      return toCustomerProfile(account);
    },

    /**
     * Deletes the customer's personal data after `confirmation` (password, or DELETE for a
     * Google-only account): everything in the database in one transaction (`anonymise`), then
     * the avatar files, which a failure there only leaves unused.
     */
    async deleteAccount(customerId: number, confirmation: DeleteAccount): Promise<void> {
      await confirmDeletion(customerId, confirmation);
      await anonymise(customerId);
      await removeQuietly(log, avatars.removeAll(customerId), customerId);
    },
  };
}
