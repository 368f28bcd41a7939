import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque single-use secrets (refresh tokens, e-mail confirmation and password reset ids):
 * 256 random bits for the holder, only their SHA-256 in the database, so a leaked table
 * cannot be replayed. A fast hash suffices because the secret itself is unguessable.
 */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
