import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_SECONDS, AuthMessages } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { type Permission, permissionsOf, ROLE_NAMES } from '@bookshop/contracts/roles';
import { forbidden, HttpProblem, unauthorized } from './errors.ts';

/** Who is calling, as proven by a valid access token, with the account's current person type and role. */
export type AuthUser = {
  id: number;
  personType: PersonType;
  /** Staff only. */
  role: RoleName | null;
  permissions: Permission[];
  /** The session (refresh-token family) the token was issued for; lets "end other sessions" keep this one. */
  sessionId: string;
};

/**
 * An account as it is now: what the guards check, rather than the claims of a token up to 15
 * minutes old. `sessionLive` is false once the token's session was ended (logout, password change
 * or reset, account deletion, a reused refresh token) or has run out.
 */
export type AccountState = { personType: PersonType; role: RoleName | null; deleted: boolean; sessionLive: boolean };
/** Finds the account's current state by id and session (one indexed read); undefined when there is no such account. */
export type AccountStateLookup = (id: number, sessionId: string) => Promise<AccountState | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    accountState: AccountStateLookup;
  }
  interface FastifyRequest {
    /** Set by the require… guards; read it with `userOf(request)`. */
    user: AuthUser | null;
  }
}

const ALGORITHM = 'HS256';

const ClaimsSchema = z.object({
  // An account id PostgreSQL's integer holds: a larger one would fail in the database as a 500.
  sub: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .refine((sub) => Number(sub) <= 2_147_483_647),
  personType: z.union([z.literal(PersonType.Customer), z.literal(PersonType.Internal)]),
  role: z.enum(ROLE_NAMES).nullable(),
  // The refresh-token family (a uuid) the token belongs to; checked against the database on every request.
  sid: z.uuid(),
});

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Short-lived HS256 access tokens (docs/decisions/004-sessions-and-tokens.md). */
export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  // Imported once: given the secret's bytes, jose imports them as a key again on every sign and
  // verify, which cost every authenticated request about half of its token check (issue 25).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    ttlSeconds,
    async sign(user: Omit<AuthUser, 'permissions'>): Promise<string> {
      return new SignJWT({
        personType: user.personType,
        role: user.role,
        permissions: permissionsOf(user.role),
        sid: user.sessionId,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },

    /** The caller, or undefined for a forged, expired, malformed or other-algorithm token. */
    async verify(token: string): Promise<AuthUser | undefined> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const claims = ClaimsSchema.parse(payload);
        if ((claims.personType === PersonType.Internal) !== (claims.role !== null)) return undefined;
        return {
          id: Number(claims.sub),
          personType: claims.personType,
          role: claims.role,
          // Derived from the role rather than read from the claim, so the server has one source of truth.
          permissions: permissionsOf(claims.role),
          sessionId: claims.sid,
        };
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Makes `app.accessTokens` and `request.user` available to every module. `accountState` comes
 * from the auth module, which owns the accounts table.
 */
export function registerAuth(app: FastifyInstance, options: { jwtSecret: string; accountState: AccountStateLookup }) {
  app.decorate('accessTokens', createAccessTokens(options.jwtSecret));
  app.decorate('accountState', options.accountState);
  app.decorateRequest('user', null);
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Every guard below, with who it lets through: platform/cache-control.ts tells a route that
 * answers one caller only by them, and platform/docs.ts says who may call each operation.
 */
const guards = new WeakMap<Guard, string>();
const guard = <G extends Guard>(fn: G, caller: string): G => {
  guards.set(fn, caller);
  return fn;
};

/** Whether a route hook is one of the auth guards of this file. */
export const isAuthGuard = (hook: unknown): boolean => typeof hook === 'function' && guards.has(hook as Guard);

/** Who the guard lets through ('a signed-in customer'), or undefined for a hook that is not a guard. */
export const callerOf = (hook: unknown): string | undefined =>
  typeof hook === 'function' ? guards.get(hook as Guard) : undefined;

async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> {
  if (request.user) return request.user;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(request.headers.authorization ?? '');
  const challenge = (problem: HttpProblem) => {
    reply.header('www-authenticate', 'Bearer');
    return problem;
  };
  if (!match) throw challenge(unauthorized(AuthMessages.signInRequired));
  const claimed = await request.server.accessTokens.verify(match[1]!);
  if (!claimed) throw challenge(unauthorized(AuthMessages.sessionEnded));
  // The token proves who is calling; whether its session still runs and what they may do are read
  // now, once per request: an ended session or a deleted account is refused at once, and a role
  // change counts from the next request (decision 056).
  const account = await request.server.accountState(claimed.id, claimed.sessionId);
  if (!account || account.deleted || !account.sessionLive) throw challenge(unauthorized(AuthMessages.sessionEnded));
  const user: AuthUser = {
    ...claimed,
    personType: account.personType,
    role: account.role,
    permissions: permissionsOf(account.role),
  };
  request.user = user;
  return user;
}

/** Any signed-in person, customer or staff. */
export const requireSignedIn = guard(async function requireSignedIn(request: FastifyRequest, reply: FastifyReply) {
  await authenticate(request, reply);
}, 'any signed-in customer or staff member');

/** A signed-in customer (person type Customer). */
export const requireCustomer = guard(async function requireCustomer(request: FastifyRequest, reply: FastifyReply) {
  const user = await authenticate(request, reply);
  if (user.personType !== PersonType.Customer) throw forbidden(AuthMessages.customersOnly);
}, 'a signed-in customer');

/** Any signed-in staff member, including a New User still waiting for a role. */
export const requireInternal = guard(async function requireInternal(request: FastifyRequest, reply: FastifyReply) {
  const user = await authenticate(request, reply);
  if (user.personType !== PersonType.Internal) throw forbidden(AuthMessages.staffOnly);
}, 'a signed-in staff member, a New User still awaiting a role included');

/** Staff who may use the dashboard: Internal with a role other than New User. */
export const requireStaff = guard(async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
  await requireInternal(request, reply);
  if (request.user!.role === RoleName.NewUser) throw forbidden(AuthMessages.awaitingApproval);
}, 'a staff member with a role');

/** Staff whose current role grants `permission` (docs/decisions/003-accounts-roles-and-permissions.md). */
export function requirePermission(permission: Permission) {
  return guard(async function requirePermissionGuard(request: FastifyRequest, reply: FastifyReply) {
    await requireStaff(request, reply);
    if (!request.user!.permissions.includes(permission)) throw forbidden(AuthMessages.permissionMissing);
  }, `a staff member whose role grants ${permission}`);
}

/**
 * A customer, or staff whose current role grants `permission`: for reads where a customer sees
 * their own records and staff see everyone's. The route still limits a customer to their own.
 */
export function requireCustomerOrPermission(permission: Permission) {
  const staffGuard = requirePermission(permission);
  return guard(async function requireCustomerOrPermissionGuard(request: FastifyRequest, reply: FastifyReply) {
    const user = await authenticate(request, reply);
    if (user.personType !== PersonType.Customer) await staffGuard(request, reply);
  }, `a signed-in customer (their own only), or a staff member whose role grants ${permission}`);
}

/** The caller of a route behind one of the guards above. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(AuthMessages.signInRequired);
  return request.user;
}
