import type { FastifyBaseLogger } from 'fastify';
import {
  AccountMessages,
  type ChangePassword,
  type DeleteAccount,
  type UpdateCustomer,
  type UpdateStaff,
} from '@bookshop/contracts/account';
import { AuthMessages, type CustomerProfile, type PreferredLanguage } from '@bookshop/contracts/auth';
import { PersonType, type LoginProvider } from '@bookshop/contracts/enums';
import { isUniqueViolation, type Database } from '../../platform/db.ts';
import { HttpProblem, notFound } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password.ts';
import {
  findAccount,
  isUserNameTaken,
  updateAccount,
  type Account,
  type AccountsService,
} from '../auth/accounts-service.ts';
import { sessionEnded, type SessionsService } from '../auth/sessions-service.ts';
import type { AvatarStore } from './avatars.ts';
import { anonymise, confirmDeletion, type AccountDeletionDeps } from './deletion.ts';
import { fieldProblem, liveAccount, removeQuietly } from './live-account.ts';

/**
 * What a profile service needs: which person type it serves (customers on /account, staff on
 * /admin/dashboard/profile) and how it answers an account (CustomerProfile, StaffMember).
 */
export type ProfileServiceDeps<Profile> = {
  personType: PersonType;
  toProfile: (account: Account) => Profile;
  db: Database;
  passwords: PasswordHasher;
  accounts: Pick<AccountsService, 'cancelResetLinks'>;
  sessions: Pick<SessionsService, 'endSessions'>;
  avatars: AvatarStore;
  log: FastifyBaseLogger;
};

export type CustomerAccountDeps = Omit<ProfileServiceDeps<CustomerProfile>, 'personType' | 'toProfile' | 'accounts'> &
  AccountDeletionDeps & { accounts: Pick<AccountsService, 'cancelResetLinks' | 'forgetLinks'> };

export function toCustomerProfile(account: Account): CustomerProfile {
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
    preferredLanguage: account.preferredLanguage,
    createdAt: account.createdAt.toISOString(),
  };
}

/** The profile form's fields: a staff member's, plus the customer's time zone and language (kept when left out). */
type ProfileFields = UpdateStaff & Pick<UpdateCustomer, 'ianaZone' | 'preferredLanguage'>;

/** What an account holder may change; `imageUrl` undefined keeps the avatar, null removes it. */
type ProfileChanges = {
  firstName: string;
  lastName: string;
  userName: string;
  ianaZone?: string;
  preferredLanguage?: PreferredLanguage;
  imageUrl?: string | null;
};

/** "asia/dubai" and "Asia/Dubai" are one zone; keep the spelling the time zone database uses. */
const canonicalTimeZone = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;

/**
 * Saves the profile fields. The user name follows the registration rules and must stay
 * unique among accounts of the same person type (409 on `userName`). Returns the avatar URL
 * it replaced, so the caller can remove the old files once the change is committed.
 */
async function saveProfile<Profile>(
  { db, personType, toProfile }: ProfileServiceDeps<Profile>,
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
      if (await isUserNameTaken(personType, changes.userName, { tx, exceptId: id })) throw userNameTaken();
      const updated = await updateAccount(
        id,
        {
          firstName: changes.firstName,
          lastName: changes.lastName,
          userName: changes.userName,
          ...(changes.ianaZone !== undefined && { ianaZone: changes.ianaZone }),
          ...(changes.preferredLanguage !== undefined && { preferredLanguage: changes.preferredLanguage }),
          ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
        },
        { tx },
      );
      return { profile: toProfile(updated!), previousImageUrl: account.imageUrl };
    });
  } catch (error) {
    // Another account took the name between our check and the update.
    if (isUniqueViolation(error)) throw userNameTaken();
    throw error;
  }
}

/**
 * Saves names, user name and (customers) time zone and language; a new image replaces the avatar (checked
 * by content, stored first, so a refused change leaves nothing behind but its own files,
 * which it removes).
 */
async function updateProfile<Profile>(
  deps: ProfileServiceDeps<Profile>,
  accountId: number,
  fields: ProfileFields,
  image?: Buffer,
): Promise<Profile> {
  const { db, avatars, log } = deps;
  const currentImageUrl = (await findAccount(accountId, { tx: db }))?.imageUrl ?? null;
  const imageUrl = image ? await avatars.put(accountId, image) : fields.removeImage ? null : undefined;
  const changes = {
    firstName: fields.firstName,
    lastName: fields.lastName,
    userName: fields.userName,
    ianaZone: fields.ianaZone === undefined ? undefined : canonicalTimeZone(fields.ianaZone),
    preferredLanguage: fields.preferredLanguage,
    imageUrl,
  };
  const saved = await saveProfile(deps, accountId, changes).catch(async (error: unknown) => {
    // The same picture again has the same key: then the stored files are the current avatar's.
    if (imageUrl && imageUrl !== currentImageUrl)
      await removeQuietly(log, avatars.remove(accountId, imageUrl), accountId);
    throw error;
  });
  if (imageUrl !== undefined && saved.previousImageUrl !== imageUrl)
    await removeQuietly(log, avatars.remove(accountId, saved.previousImageUrl), accountId);
  return saved.profile;
}

/**
 * Changes the password after checking the current one, and ends every other session of the
 * account (the caller's, `sessionId`, stays) and any outstanding reset link. An account
 * without a password (Google-only) sets one through the mailed reset link instead, so a
 * stolen access token alone cannot give anyone a lasting way in.
 */
async function changePassword(
  { db, personType, passwords, accounts, sessions }: ProfileServiceDeps<unknown>,
  id: number,
  sessionId: string,
  input: ChangePassword,
): Promise<void> {
  const account = await liveAccount(db, personType, id);
  if (!account.passwordHash) throw new HttpProblem(400, AccountMessages.noPasswordTitle, AccountMessages.noPassword);
  if (!(await passwords.verify(account.passwordHash, input.currentPassword)))
    throw fieldProblem('currentPassword', AccountMessages.currentPasswordIncorrect);
  const passwordHash = await passwords.hash(input.password);
  await db.transaction(async (tx) => {
    const locked = await liveAccount(tx, personType, id, true);
    // Changed by another request since we checked it: the current password we verified is stale.
    if (locked.passwordHash !== account.passwordHash)
      throw fieldProblem('currentPassword', AccountMessages.currentPasswordIncorrect);
    await updateAccount(id, { passwordHash }, { tx });
    await accounts.cancelResetLinks(id, { tx });
    await sessions.endSessions(id, { exceptSessionId: sessionId, tx });
  });
}

export type ProfileService<Profile> = ReturnType<typeof createProfileService<Profile>>;

/**
 * The signed-in account holder's own profile and password, for one person type: customers on
 * /account (docs/decisions/007), staff on /admin/dashboard/profile (docs/decisions/036). An
 * account of another person type is refused as a session that has ended.
 */
export function createProfileService<Profile>(deps: ProfileServiceDeps<Profile>) {
  return {
    updateProfile: (accountId: number, fields: ProfileFields, image?: Buffer) =>
      updateProfile(deps, accountId, fields, image),
    changePassword: (id: number, sessionId: string, input: ChangePassword) =>
      changePassword(deps, id, sessionId, input),
  };
}

export type CustomerAccountService = ReturnType<typeof createCustomerAccountService>;

/** The signed-in customer's own account on /account: profile, password, deletion (docs/decisions/007). */
export function createCustomerAccountService(deps: CustomerAccountDeps) {
  const { db, avatars, log } = deps;
  return {
    ...createProfileService({ ...deps, personType: PersonType.Customer, toProfile: toCustomerProfile }),

    async getProfile(id: number): Promise<CustomerProfile> {
      const account = await findAccount(id, { tx: db });
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
      await confirmDeletion(deps, customerId, confirmation);
      await anonymise(deps, customerId);
      await removeQuietly(log, avatars.removeAll(customerId), customerId);
    },
  };
}
