/**
 * After an import with history commits, the record keys its chunks added to the GIN index's pending
 * list are merged into the index (migration 039), so that the merge is not paid inside a later
 * import's statements. On PostgreSQL it runs on a connection of its own after the answer, as the
 * connecting role (the index's owner); on the embedded database, whose one connection the import
 * held anyway, before the import's outcome. Each partition's index is merged in a transaction of its
 * own, its partition locked first as the statements that make partitions lock them, waiting at most
 * a moment for either, so that it never deadlocks with them. A role that does not own the index leaves the merge to
 * PostgreSQL's own limit and autovacuum.
 */
import { sql, type Kysely } from 'kysely';
import { isEmbedded } from '../db/embedded';
import { asSystem } from '../db/tenant-scope';
import type { DB } from '../db/types';

const settling = new WeakMap<Kysely<DB>, Promise<void>>();

async function settle(db: Kysely<DB>): Promise<void> {
  await asSystem(async () => {
    const indexes = await sql<{ index: number; heap: string }>`
      select x.indexrelid::int as index, x.indrelid::regclass::text as heap
      from pg_inherits i join pg_index x on x.indexrelid = i.inhrelid
      where i.inhparent = 'audit_entry_batch_idx'::regclass`.execute(db);
    for (const { index, heap } of indexes.rows) {
      await db
        .transaction()
        .execute(async (trx) => {
          await sql`set local lock_timeout = '200ms'`.execute(trx);
          // The partition before its index, in the order making a partition locks them (it takes the
          // default partition whole): the other order deadlocked with it.
          await sql`lock table ${sql.raw(heap)} in row exclusive mode`.execute(trx);
          await sql`select gin_clean_pending_list(${index}::oid::regclass)`.execute(trx);
        })
        .catch(() => undefined);
    }
  }).catch(() => undefined);
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
