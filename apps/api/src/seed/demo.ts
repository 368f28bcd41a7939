import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db.ts';

/** Placeholder until the demo catalogue lands: fills an empty database with the demo catalogue. */
export async function seedDemoIfEmpty(_db: Database, _config: Config): Promise<void> {}
