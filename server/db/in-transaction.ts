import type { Kysely, Transaction } from 'kysely';
import type { DB } from './types';

/** Runs `fn` inside the caller's transaction when `db` is one (the seed builds a tenant in one), else in a new one. */
export function inTransaction<T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
}
