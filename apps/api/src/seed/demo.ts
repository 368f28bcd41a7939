import { seedDemoAccounts } from '../modules/auth/admin-accounts-service.ts';
import { catalogueIsEmpty } from '../modules/catalogue/service.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db.ts';
import { createPasswordHasher } from '../platform/password.ts';
import { createImageStore } from '../platform/storage.ts';
import { seedDemoArabicIfMissing, seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoDeliveriesIfMissing, seedDemoReviewsIfEmpty } from './demo-reviews.ts';

/**
 * SEED=demo: fills what is still empty with demo data, so a fresh shop can be browsed at once.
 * Each part checks its own emptiness, so a part added later (demo accounts, reviews) also reaches shops
 * seeded before it existed, and restarts never duplicate anything.
 */
export async function seedDemoIfEmpty(
  db: Database,
  config: Config,
  log: (message: string) => void = console.info,
): Promise<void> {
  if (await catalogueIsEmpty(db)) {
    const started = Date.now();
    const added = await seedDemoCatalogue(db, await createImageStore(config));
    if (added > 0) log(`Seeded the demo catalogue: ${added} books in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  const arabic = await seedDemoArabicIfMissing(db, await createImageStore(config));
  if (arabic > 0) log(`Added the Arabic catalogue to the demo shop: ${arabic} books (decision 090)`);

  const accounts = await seedDemoAccounts({ db, passwords: createPasswordHasher(config.passwordHashCost) });
  if (accounts.length > 0) log(`Created demo accounts: ${accounts.join(', ')} (passwords in README)`);

  const started = Date.now();
  const reviews = await seedDemoReviewsIfEmpty(db);
  if (reviews > 0) {
    log(`Seeded ${reviews} demo reviews (verified purchases) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  const delivered = await seedDemoDeliveriesIfMissing(db);
  if (delivered > 0) log(`Recorded ${delivered} demo orders as delivered`);
}
