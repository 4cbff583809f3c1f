/**
 * After an import with history commits, the record keys its chunks added to the GIN index's pending
 * list are merged into the index (migration 039), so that the merge is not paid inside a later
 * import's statements. On PostgreSQL it runs on a connection of its own after the answer, as the
 * connecting role (the index's owner); on the embedded database, whose one connection the import
 * held anyway, before the import's outcome. A role that does not own the index leaves the merge to
 * PostgreSQL's own limit and autovacuum.
 */
import { sql, type Kysely } from 'kysely';
import { isEmbedded } from '../db/embedded';
import { asSystem } from '../db/tenant-scope';
import type { DB } from '../db/types';

const settling = new WeakMap<Kysely<DB>, Promise<void>>();

async function settle(db: Kysely<DB>): Promise<void> {
  await asSystem(() => sql`select audit_settle_batch_keys()`.execute(db)).catch(() => undefined);
}

/** Merges the pending keys; at most one merge per database at a time (a later call joins it). */
export function settleImportKeys(db: Kysely<DB>): Promise<void> {
  const running = settling.get(db);
  if (running) return running;
  const done = settle(db).finally(() => settling.delete(db));
  settling.set(db, done);
  return isEmbedded(db) ? done : Promise.resolve();
}

/** The merge under way for `db`, if any (resolved at once when none is). */
export const importKeysSettling = (db: Kysely<DB>): Promise<void> => settling.get(db) ?? Promise.resolve();
