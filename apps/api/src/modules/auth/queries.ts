import { and, eq, exists, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { PersonType } from '@bookshop/contracts/enums';
import type { Database, Tx } from '../../platform/db.ts';
import { accounts, accountTokens, googleSignInNonces, refreshTokens } from './schema.ts';

export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;

const sameEmail = (email: string) => sql`lower(${accounts.emailAddress}) = lower(${email})`;
const sameUserName = (userName: string) => sql`lower(${accounts.userName}) = lower(${userName})`;

/** The account, locked FOR UPDATE for the rest of `tx` when `lock` (profile, password and Google link changes). */
export async function findAccountById(
  tx: Tx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<Account | undefined> {
  const query = tx.select().from(accounts).where(eq(accounts.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The few columns that say whom to write to and whom a parcel is handed to (`contact`). */
export async function findContact(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      emailAddress: accounts.emailAddress,
      userName: accounts.userName,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      deletedAt: accounts.deletedAt,
    })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row;
}

/** The user names of these accounts (deleted ones keep their anonymised name). */
export async function listUserNames(tx: Tx, ids: number[]): Promise<{ id: number; userName: string }[]> {
  if (ids.length === 0) return [];
  return tx.select({ id: accounts.id, userName: accounts.userName }).from(accounts).where(inArray(accounts.id, ids));
}

/**
 * What the auth guards check on every request, in one statement: the account by primary key
 * and whether `sessionId`, the token's refresh-token family, is still live for it (a row of the
 * family neither revoked nor past the family's end; found through the family index).
 *
 * Prepared once per database: every authenticated request runs it, and building it again each
 * time was about a tenth of a bare authenticated read's CPU. PostgreSQL also plans it once per
 * connection (a named statement). Run it with `{ id, sessionId }`.
 */
export function prepareAccountState(db: Database) {
  const liveSession = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('sessionId')),
        eq(refreshTokens.accountId, accounts.id),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.familyExpiresAt, sql`now()`),
      ),
    );
  return db
    .select({
      personType: accounts.personType,
      role: accounts.role,
      deletedAt: accounts.deletedAt,
      sessionLive: sql<boolean>`${exists(liveSession)}`,
    })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .prepare('account_state');
}

export async function findAccountByEmail(tx: Tx, personType: PersonType, email: string): Promise<Account | undefined> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.personType, personType), sameEmail(email)));
  return row;
}

/** The account with this address, locked for the rest of `tx` (Google sign-in may take it over). */
export async function lockAccountByEmail(tx: Tx, personType: PersonType, email: string): Promise<Account | undefined> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.personType, personType), sameEmail(email)))
    .for('update');
  return row;
}

/**
 * Whether an account of the person type uses `userName` in any case (a customer and a staff
 * member may share one); `exceptId`, when given, is the renaming account itself, which may
 * change the case of its own name.
 */
export async function isUserNameTaken(
  tx: Tx,
  personType: PersonType,
  userName: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.personType, personType),
        sameUserName(userName),
        exceptId === undefined ? undefined : ne(accounts.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function findAccountByGoogleSubject(tx: Tx, subject: string): Promise<Account | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.googleSubject, subject));
  return row;
}

export async function insertAccount(tx: Tx, values: NewAccount): Promise<Account> {
  const [row] = await tx.insert(accounts).values(values).returning();
  return row!;
}

export async function updateAccount(tx: Tx, id: number, values: Partial<NewAccount>): Promise<Account | undefined> {
  const [row] = await tx
    .update(accounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(accounts.id, id))
    .returning();
  return row;
}

export type AccountTokenPurpose = 'confirm-email' | 'reset-password';

export async function insertAccountToken(
  tx: Tx,
  token: { hash: string; accountId: number; purpose: AccountTokenPurpose; ttlMinutes: number },
) {
  await tx.insert(accountTokens).values({
    tokenHash: token.hash,
    accountId: token.accountId,
    purpose: token.purpose,
    expiresAt: sql`now() + make_interval(mins => ${token.ttlMinutes})`,
  });
}

/** Marks a valid, unused token used and returns its account; one caller wins a race. */
export async function useAccountToken(tx: Tx, hash: string, purpose: AccountTokenPurpose): Promise<number | undefined> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        sql`${accountTokens.expiresAt} > now()`,
      ),
    )
    .returning({ accountId: accountTokens.accountId });
  return row?.accountId;
}

/** The account of a token, used, expired or not (a confirmation link opened again). */
export async function findAccountTokenOwner(
  tx: Tx,
  hash: string,
  purpose: AccountTokenPurpose,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ accountId: accountTokens.accountId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose)));
  return row?.accountId;
}

export async function useAllAccountTokens(tx: Tx, accountId: number, purpose: AccountTokenPurpose) {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.accountId, accountId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

export type RefreshToken = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  tx: Tx,
  token: {
    accountId: number;
    familyId: string;
    hash: string;
    ttlDays: number;
    familyExpiresAt?: Date;
    familyTtlDays: number;
  },
): Promise<RefreshToken> {
  const familyExpiresAt = token.familyExpiresAt ?? sql`now() + make_interval(days => ${token.familyTtlDays})`;
  const [row] = await tx
    .insert(refreshTokens)
    .values({
      accountId: token.accountId,
      familyId: token.familyId,
      tokenHash: token.hash,
      familyExpiresAt,
      // Never outlives its family.
      expiresAt: sql`least(now() + make_interval(days => ${token.ttlDays}), ${familyExpiresAt})`,
    })
    .returning();
  return row!;
}

/**
 * Serialises the changes of one account's sessions on its account row: a session started or
 * refreshed holds it shared, ending an account's sessions holds it exclusively. Without it, a
 * refresh or login committing while a password change ended the sessions added a token the
 * change's UPDATE had not seen, and that session outlived the change. Always taken before any
 * refresh-token row, so the two orders cannot deadlock. Answers the row as it is now.
 */
export async function lockAccountSessions(tx: Tx, accountId: number, mode: 'share' | 'update') {
  const [row] = await tx
    .select({ passwordHash: accounts.passwordHash, deletedAt: accounts.deletedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for(mode);
  return row;
}

export async function findRefreshTokenByHash(tx: Tx, hash: string): Promise<RefreshToken | undefined> {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
  return row;
}

/** The token row, locked for the rest of `tx` so two refreshes of one token run one after the other. */
export async function lockRefreshToken(tx: Tx, hash: string): Promise<RefreshToken | undefined> {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for('update');
  return row;
}

export async function findRefreshTokenById(tx: Tx, id: number): Promise<RefreshToken | undefined> {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return row;
}

export async function markRefreshTokenRotated(tx: Tx, id: number, replacedById: number) {
  await tx
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()`, replacedById })
    .where(eq(refreshTokens.id, id));
}

export async function revokeFamily(tx: Tx, familyId: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAccountFamilies(tx: Tx, accountId: number, exceptFamilyId?: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.accountId, accountId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId === undefined ? undefined : ne(refreshTokens.familyId, exceptFamilyId),
      ),
    );
}

/** Forgets an account's finished sessions, so the table grows with live sessions only. */
export async function deleteEndedRefreshTokens(tx: Tx, accountId: number) {
  await tx
    .delete(refreshTokens)
    .where(
      and(
        eq(refreshTokens.accountId, accountId),
        or(lt(refreshTokens.familyExpiresAt, sql`now()`), sql`${refreshTokens.revokedAt} < now() - interval '1 day'`),
      ),
    );
}

/** Records a Google sign-in nonce; false when it was already used (a replayed id token). */
export async function claimGoogleNonce(tx: Tx, nonceHash: string, expiresAt: Date): Promise<boolean> {
  await tx.delete(googleSignInNonces).where(lt(googleSignInNonces.expiresAt, sql`now()`));
  const inserted = await tx
    .insert(googleSignInNonces)
    .values({ nonceHash, expiresAt })
    .onConflictDoNothing()
    .returning({ nonceHash: googleSignInNonces.nonceHash });
  return inserted.length === 1;
}

/** Forgets an account's mailed links (confirmation, password reset), used or not. */
export async function deleteAccountTokens(tx: Tx, accountId: number) {
  await tx.delete(accountTokens).where(eq(accountTokens.accountId, accountId));
}
