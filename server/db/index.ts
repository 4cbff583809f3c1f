import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import type { DB } from './types';
import { markEmbedded } from './embedded';
import { ScopedDialect } from './tenant-scope';
import { migrateOnce } from './migrate-once';

export type { DB } from './types';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Runs a multi-statement SQL script inside one transaction. */
  runScript(sqlText: string): Promise<void>;
  /**
   * Applies one migration in its own transaction unless `schema_migrations` already records it
   * (on PostgreSQL under an advisory lock, so concurrent start-ups apply it once). True when applied.
   */
  runMigration(name: string, sqlText: string): Promise<boolean>;
  /** The embedded database's data folder as one archive (PGlite only), to start another from it. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** PGlite in memory (tests); ignored when DATABASE_URL is set. */
  memory?: boolean;
  /** With `memory`: start from an archive `dump()` made rather than from an empty cluster. */
  from?: Blob;
  /** Run the migrations of server/db/migrations (default true). */
  migrate?: boolean;
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const RLS_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'row-level-security.sql');

/** Error thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    public readonly lockFile: string,
    public readonly pid: number,
  ) {
    super(
      `The data folder is in use by another process (pid ${pid}, lock file ${lockFile}). ` +
        `PGlite cannot share its folder: stop that process, or use another DATA_DIR, or set DATABASE_URL.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `dir/.portal.lock` holding our pid; refuses when a live process holds it. Returns a release function. */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '.portal.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid !== process.pid && processAlive(pid)) throw new DataDirLockedError(file, pid);
      if (pid === process.pid) throw new DataDirLockedError(file, pid);
      fs.rmSync(file, { force: true }); // stale lock of a dead process
    }
  }
  throw new Error(`Could not take the lock file ${file}`);
}

/**
 * A message of several statements (the simple protocol: a tenant's transaction opens with its first
 * statement, db/tenant-scope.ts) answers with the last one's result, the one Kysely reads; node-postgres
 * answers such a message with a list of every statement's.
 */
function answerLastResult(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const answer = query(...args);
    return answer instanceof Promise
      ? answer.then((r: unknown) => (Array.isArray(r) ? (r.at(-1) as unknown) : r))
      : answer;
  }) as typeof client.query;
}

/** Opens the database: node-postgres when DATABASE_URL is set, else embedded PGlite in DATA_DIR. */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  let database: Database;
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, pg_terminate_backend, DROP DATABASE … FORCE) is
    // dropped by the pool, which then emits 'error': without a listener that would end the process.
    pool.on('error', () => undefined);
    pool.on('connect', answerLastResult);
    const db = new Kysely<DB>({ dialect: new ScopedDialect(new PostgresDialect({ pool })) });
    const pgDatabase: Database & { inTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> } = {
      db,
      kind: 'postgres',
      async runScript(sqlText) {
        await this.inTransaction(async (client) => {
          await client.query(sqlText);
        });
      },
      async runMigration(name, sqlText) {
        return this.inTransaction(async (client) => {
          await client.query('SELECT pg_advisory_xact_lock(724501)');
          return migrateOnce(
            {
              rowCount: async (text, params) => (await client.query(text, params)).rowCount ?? 0,
              script: async (text) => void (await client.query(text)),
            },
            name,
            sqlText,
          );
        });
      },
      async inTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(client);
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      async close() {
        await db.destroy(); // ends the pool
      },
    };
    database = pgDatabase;
  } else {
    let release: (() => void) | null = null;
    let pglite: PGlite;
    if (options.memory) {
      pglite = new PGlite(options.from ? { loadDataDir: options.from } : undefined);
    } else {
      release = acquireLock(config.dataDir);
      try {
        pglite = new PGlite(path.join(config.dataDir, 'pglite'));
      } catch (err) {
        release();
        throw err;
      }
    }
    try {
      await pglite.waitReady;
    } catch (err) {
      release?.();
      throw err;
    }
    // The driver hands out PGlite's one connection to one caller at a time, so `exec` (which takes
    // several statements in one call, unlike `query`) runs on the connection just acquired.
    const db = new Kysely<DB>({
      dialect: new ScopedDialect(
        new PGliteDialect(pglite),
        async (_connection, sqlText) => {
          const last = (await pglite.exec(sqlText)).at(-1);
          return {
            rows: last?.rows ?? [],
            numAffectedRows: last?.affectedRows ? BigInt(last.affectedRows) : undefined,
          };
        },
        false,
      ),
    });
    markEmbedded(db);
    let closed = false;
    database = {
      db,
      kind: 'pglite',
      async runScript(sqlText) {
        await pglite.transaction(async (tx) => {
          await tx.exec(sqlText);
        });
      },
      async runMigration(name, sqlText) {
        // One process per data folder (lock file): no concurrent migrations here.
        return pglite.transaction(async (tx) =>
          migrateOnce(
            {
              rowCount: async (text, params) => (await tx.query(text, params)).rows.length,
              script: async (text) => void (await tx.exec(text)),
            },
            name,
            sqlText,
          ),
        );
      },
      async dump() {
        await pglite.exec('CHECKPOINT'); // so that a start from the archive has no log to replay
        return pglite.dumpDataDir('none');
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          await db.destroy(); // closes PGlite
        } finally {
          release?.();
        }
      },
    };
  }
  if (options.migrate !== false) {
    try {
      await migrate(database);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return database;
}

/** Names of the migration files, in order. */
export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();
}

/** Runs every migration not yet applied, each in its own transaction; returns the names applied. */
export async function migrate(database: Database): Promise<string[]> {
  await database.runScript(
    'SELECT pg_advisory_xact_lock(724501); CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await database.db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    if (done.has(file)) continue;
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    if (await database.runMigration(file, text)) applied.push(file);
  }
  await applyRowLevelSecurity(database);
  return applied;
}

/** Grants and row-level security policies on every tenant table (idempotent; after each migration run). */
export async function applyRowLevelSecurity(database: Database): Promise<void> {
  await database.runScript(`SELECT pg_advisory_xact_lock(724501); ${fs.readFileSync(RLS_SCRIPT, 'utf8')}`);
}
