import { randomInt } from 'node:crypto';

/**
 * A client address of its own, sent as X-Forwarded-For (the journeys' shop runs with
 * TRUST_PROXY=true): each visitor and each set-up call counts against the shop's per-address rate
 * limits (30 logins a minute) as a separate person would, not the whole suite as 127.0.0.1.
 */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}
