import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { shortLinks } from './schema.ts';

export async function findIdByTarget(tx: Tx, targetPath: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: shortLinks.id }).from(shortLinks).where(eq(shortLinks.targetPath, targetPath));
  return row?.id;
}

export async function findTargetById(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ targetPath: shortLinks.targetPath }).from(shortLinks).where(eq(shortLinks.id, id));
  return row?.targetPath;
}

/**
 * Inserts the link unless its id or its target is taken; true when it did. A concurrent insert
 * of the same target waits on the unique index and then inserts nothing, so the caller reads
 * the winner's id instead of failing.
 */
export async function insertIfAbsent(tx: Tx, id: string, targetPath: string): Promise<boolean> {
  const inserted = await tx
    .insert(shortLinks)
    .values({ id, targetPath })
    .onConflictDoNothing()
    .returning({ id: shortLinks.id });
  return inserted.length > 0;
}
