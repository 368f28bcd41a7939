import { loadConfig } from '../platform/config.ts';
import { migrateDatabase, openDatabase } from '../platform/db.ts';
import { migrateImages } from '../platform/migrate-images.ts';

/**
 * `npm run migrate-images`: copies the images stored on disk into the S3 bucket the S3_*
 * settings name, and points stored avatar URLs at it (README "Configuration").
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    await migrateImages(config, database.db);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
