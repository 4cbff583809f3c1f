/** Which database instance is the embedded one (PGlite): one connection for the whole process. */
import type { Kysely } from 'kysely';
import type { DB } from './types';

const embedded = new WeakSet<Kysely<DB>>();

export function markEmbedded(db: Kysely<DB>): void {
  embedded.add(db);
}

/** Whether `db` is the embedded database: an open transaction there holds every other statement. */
export function isEmbedded(db: Kysely<DB>): boolean {
  return embedded.has(db);
}
