/**
 * Sessions, factory access and permission codes held in memory per process for a short while, so a
 * call costs one small read instead of its session, factory and permission look-ups (issue 22).
 *
 * Each call first reads `auth_state.generation`, which every change that could narrow what a
 * session may do counts up at its commit (migration 034, statement triggers, whatever made the
 * change). A new number drops everything held, so a logout, a revoked session or a permission
 * change applies at the very next call on every server, behind PgBouncer too.
 *
 * Why not LISTEN/NOTIFY: a notice reaches other servers after the commit has been answered, so a
 * client told "done" by one server could still be served the old state by another for a moment;
 * and LISTEN does not pass PgBouncer in transaction mode. The read is one round trip of a one-row
 * table; the look-ups it replaces were three to nine.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { asSystem } from '../db/tenant-scope';
import { pgCode } from '../db/errors';

/** The longest anything is held even when nothing changes (a session's end of term is honoured exactly). */
const HOLD_MS = 60_000;
/** Past this many entries a table is emptied rather than grown. */
const MAX_ENTRIES = 20_000;

interface Entry<T> {
  value: T;
  until: number;
}

export class AuthCache {
  private generation: string | null = null;
  private readonly tables = new Map<string, Map<string, Entry<unknown>>>();

  constructor(private readonly db: Kysely<DB>) {}

  /** The read under way, and the one that will follow it for calls that came after it was sent. */
  private reading: Promise<void> | null = null;
  private following: Promise<void> | null = null;

  /**
   * Reads the current generation and drops what was held under another. Once per call, before `get`.
   * Concurrent calls share reads: a call never takes the answer of a read sent before it came (a
   * change committed in between would be missed); it waits for the next one, which all the calls
   * that came meanwhile share.
   */
  refresh(): Promise<void> {
    if (!this.reading) {
      this.reading = this.read().finally(() => {
        this.reading = null;
      });
      return this.reading;
    }
    const next = () => {
      this.following = null;
      return this.refresh();
    };
    this.following ??= this.reading.then(next, next);
    return this.following;
  }

  /**
   * The generation what is held was read under, for a call that confirms it in its own transaction
   * (migration 042's `confirm_auth_generation`) instead of reading it first; null before the first read.
   */
  heldGeneration(): string | null {
    return this.generation || null;
  }

  /** How many generation reads this cache has sent (the tests count them). */
  reads = 0;

  private async read(): Promise<void> {
    this.reads++;
    const row = await asSystem(() => sql<{ generation: string }>`select generation from auth_state`.execute(this.db));
    const generation = String(row.rows[0]?.generation ?? '');
    if (generation !== this.generation) {
      this.tables.clear();
      this.generation = generation;
    }
  }

  /**
   * The held value of `key` in `table`, or `load()`'s, held until `until(value)` (at most HOLD_MS).
   * Nothing found (undefined) is not held.
   */
  async get<T>(
    table: string,
    key: string,
    load: () => Promise<T>,
    until: (value: NonNullable<T>) => number = () => Infinity,
  ): Promise<T> {
    const now = Date.now();
    const held = this.tables.get(table)?.get(key) as Entry<T> | undefined;
    if (held && held.until > now) return held.value;
    const generation = this.generation;
    const value = await load();
    // A call of another generation came in meanwhile: what was read may belong to either.
    if (value === undefined || generation !== this.generation) return value;
    let entries = this.tables.get(table);
    if (!entries) this.tables.set(table, (entries = new Map()));
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, { value, until: Math.min(now + HOLD_MS, until(value as NonNullable<T>)) });
    return value;
  }
}

const caches = new WeakMap<Kysely<DB>, AuthCache>();

/** The process's cache over `db`. */
export function authCacheOf(db: Kysely<DB>): AuthCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new AuthCache(db)));
  return cache;
}

/** The call's sessions and permissions changed after they were read: it is checked again and run again. */
export class AuthChanged extends Error {
  constructor() {
    super('the sessions and permissions changed while the call ran');
  }
}

export const isAuthChanged = (err: unknown): boolean => err instanceof AuthChanged || pgCode(err) === 'AUTHG';
