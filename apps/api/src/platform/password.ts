import { hash, parseOptions, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended cost (19 MiB, 2 passes). 'low' exists only so test suites
 * stay fast; login rehashes any stored hash whose cost differs from the configured one, so a
 * hash made under another cost is upgraded the next time its owner logs in.
 */
const COSTS = {
  standard: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  low: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

export function createPasswordHasher(cost: keyof typeof COSTS) {
  const options = COSTS[cost];
  let dummyHash: Promise<string> | undefined;

  return {
    hash: (password: string) => hash(password, options),

    async verify(passwordHash: string, password: string): Promise<boolean> {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },

    /** Spends the time of one verification, so a missing account answers as slowly as a wrong password. */
    async verifyNothing(password: string): Promise<void> {
      dummyHash ??= hash('no account has this password', options);
      await verify(await dummyHash, password).catch(() => false);
    },

    needsRehash(passwordHash: string): boolean {
      try {
        const used = parseOptions(passwordHash);
        return (
          Number(used.algorithm) !== ARGON2ID ||
          used.memoryCost !== options.memoryCost ||
          used.timeCost !== options.timeCost ||
          used.parallelism !== options.parallelism
        );
      } catch {
        return true;
      }
    },
  };
}
