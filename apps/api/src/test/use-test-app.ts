import { afterAll, beforeAll } from 'vitest';
import { createTestApp, secondInstance, type SecondInstance, type TestApp } from './app.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { startStripeStandin, type StripeStandin } from './stripe-standin.ts';

type UseTestAppOptions = {
  /** Configuration for the app, as environment variables. */
  env?: Record<string, string>;
  /** A mail catcher starts first and the app sends its mail there (`smtp`). */
  mail?: boolean;
  /** A Stripe stand-in starts first and the app takes card payments through it, signed with this secret. */
  stripeWebhookSecret?: string;
  /** The job worker stops once the app is ready, so jobs run only when a test calls `jobs.runDue()`. */
  quietJobs?: boolean;
  /** A second API instance on the same PostgreSQL database (`second`), both with their job workers stopped. */
  secondInstance?: boolean;
};

type UsedTestApp = {
  t: TestApp;
  smtp: MailCatcher;
  standin: StripeStandin;
  second: SecondInstance;
};

/**
 * The set-up most API test files (or describe blocks) share: beforeAll starts what `options` asks
 * for and builds the app on its own database, afterAll closes all of it. What it returns stands
 * for objects made in beforeAll, so it is used in tests and hooks, not at the top of the file.
 */
export function useTestApp(options: UseTestAppOptions = {}): UsedTestApp {
  const made: Partial<UsedTestApp> = {};
  beforeAll(async () => {
    if (options.stripeWebhookSecret) made.standin = await startStripeStandin();
    if (options.mail) made.smtp = await startMailCatcher();
    made.t = await createTestApp({
      ...(made.standin && {
        STRIPE_SECRET_KEY: made.standin.secretKey,
        STRIPE_API_URL: made.standin.url,
        STRIPE_WEBHOOK_SECRET: options.stripeWebhookSecret!,
      }),
      ...(made.smtp && { SMTP_URL: made.smtp.url }),
      ...options.env,
    });
    if (options.secondInstance) made.second = await secondInstance(made.t, { quietJobs: true });
    else if (options.quietJobs) {
      await made.t.app.ready();
      await made.t.app.jobs.stop();
    }
  });
  afterAll(async () => {
    await made.second?.close();
    await made.t?.close();
    await made.standin?.close();
    await made.smtp?.close();
  });
  return {
    t: madeLater(() => made.t, 'the test app'),
    smtp: madeLater(() => made.smtp, 'the mail catcher (useTestApp({ mail: true }))'),
    standin: madeLater(() => made.standin, 'the Stripe stand-in (useTestApp({ stripeWebhookSecret }))'),
    second: madeLater(() => made.second, 'the second instance (useTestApp({ secondInstance: true }))'),
  };
}

/** An object that reads through to the one `current` returns once beforeAll has made it. */
function madeLater<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) throw new Error(`${what} is used before beforeAll made it, or was not asked for`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
