/**
 * Several statements sent as one message on a pooled PostgreSQL connection, so that a transaction
 * which needs no answer between its statements costs one round trip. Such a message carries no
 * parameters: values are written in with `literal`. The embedded database has no runner (its
 * statements cost no round trip).
 */
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from './types';

/** Sends `text` whole; answers one result per statement. On failure the connection's transaction is rolled back. */
export type MessageRunner = (text: string) => Promise<pg.QueryResult[]>;

const runners = new WeakMap<Kysely<DB>, MessageRunner>();

export function registerMessageRunner(db: Kysely<DB>, pool: pg.Pool): void {
  runners.set(db, async (text) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? result : [result];
    } catch (err) {
      // A failed statement leaves an explicit transaction open and aborted: end it before the
      // connection goes back (or drop the connection when even that fails).
      await client.query('ROLLBACK').catch((e: Error) => { broken = e; });
      throw err;
    } finally {
      client.release(broken);
    }
  });
}

export const messageRunner = (db: Kysely<DB>): MessageRunner | undefined => runners.get(db);
