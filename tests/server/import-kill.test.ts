/**
 * SECURITY-TESTS T4.4: an import is all or nothing even when its process dies. A bad row at a random
 * position writes nothing and is named; a child process importing 10,000 rows through the real
 * route, killed at a random moment, leaves 0 or 10,000 rows, never between; importing the same file
 * again does not duplicate. On PostgreSQL and on PGlite.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../server/db/index';
import { seed } from '../../server/seed';
import { DIALECTS, PASSWORD, testConfig, type Dialect } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
const ROWS = 10_000;
const TRIALS = Number(process.env.IMPORT_KILL_TRIALS ?? 30);

interface Run {
  /** The child printed `done`: the import answered before the kill. */
  finished: boolean;
  status: number | null;
  /** Milliseconds from `importing` to `done` (or to the kill). */
  ms: number;
}

/** A child that has loaded the server's modules and waits to be told what to import. */
interface Worker {
  /** Imports `prefix`'s rows; kills the child `killAfterMs` after it starts importing (null: lets it finish). */
  run(prefix: string, killAfterMs: number | null): Promise<Run>;
}

/**
 * Starts an import worker (tests/support/import-worker.ts). Its start-up (about 3 s of module loading)
 * is the same before every trial, so the next trial's worker is started while one runs.
 */
function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/support/import-worker.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let started = 0;
  let status: number | null = null;
  let killAfter: number | null = null;
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (!started && out.includes('importing\n')) {
      started = performance.now();
      if (killAfter !== null) setTimeout(() => child.kill('SIGKILL'), killAfter);
    }
    const done = /done (\d+)/.exec(out);
    if (done) status = Number(done[1]);
  });
  const exited = new Promise<Run>((resolve, reject) => {
    child.on('exit', (code, signal) => {
      const ms = started ? performance.now() - started : 0;
      if (signal === 'SIGKILL') resolve({ finished: status !== null, status, ms });
      else if (code === 0) resolve({ finished: true, status, ms });
      else reject(new Error(`import worker failed (${code}): ${err.slice(-2000)}`));
    });
  });
  exited.catch(() => undefined); // awaited by run(); a child never run ends with the test's process
  return {
    run(prefix, killAfterMs) {
      killAfter = killAfterMs;
      child.stdin.end(`${prefix} ${ROWS}\n`);
      return exited;
    },
  };
}

describe.each(DIALECTS)('imports killed mid-way (T4.4) [%s]', (kind: Dialect) => {
  let env: Record<string, string>;
  let dataDir: string | null = null;
  let dbName: string | null = null;
  const adminUrl = inject('pgUrl');

  /** Opens the database briefly (PGlite: only while no child holds the folder). */
  async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    const database = await createDatabase(testConfig(env), { migrate: false });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }

  const countPrefix = (prefix: string) =>
    withDb(async (d) => {
      const r = await sql<{
        n: string;
        distinct_codes: string;
      }>`select count(*) as n, count(distinct code) as distinct_codes from unit where code like ${`${prefix}-%`}`.execute(
        d.db,
      );
      return { n: Number(r.rows[0]!.n), distinct: Number(r.rows[0]!.distinct_codes) };
    });

  beforeAll(async () => {
    env = { ADMIN_PASSWORD: PASSWORD };
    if (kind === 'postgres') {
      dbName = `portal_kill_${randomBytes(5).toString('hex')}`;
      const client = new pg.Client({ connectionString: adminUrl ?? undefined });
      await client.connect();
      await client.query(`CREATE DATABASE ${dbName}`);
      await client.end();
      const u = new URL(adminUrl!);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-kill-'));
      env.DATA_DIR = dataDir;
    }
    const database = await createDatabase(testConfig(env));
    await seed(database.db, testConfig(env));
    await database.close();
  }, 120_000);

  afterAll(async () => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName && adminUrl) {
      const client = new pg.Client({ connectionString: adminUrl ?? undefined });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await client.end();
    }
  });

  it(`leaves 0 or ${ROWS} rows whenever the importing process is killed (${TRIALS} trials), and a retry does not duplicate`, async () => {
    // One undisturbed run measures how long the import takes here; kills land anywhere inside it.
    const full = await startWorker(env).run('KFULL', null);
    expect(full.status).toBe(200);
    expect(await countPrefix('KFULL')).toEqual({ n: ROWS, distinct: ROWS });
    const window = Math.max(200, full.ms * 1.2);

    let seed = 0x7ea4 + (kind === 'postgres' ? 1 : 0);
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const outcomes = { none: 0, all: 0 };
    let next = startWorker(env);
    for (let trial = 0; trial < TRIALS; trial++) {
      const prefix = `K${trial}`;
      const at = Math.floor(random() * window);
      const worker = next;
      next = startWorker(env);
      const run = await worker.run(prefix, at);
      const { n, distinct } = await countPrefix(prefix);
      expect(
        [0, ROWS],
        `trial ${trial}: killed ${at} ms into the import (${run.finished ? 'after' : 'before'} its answer)`,
      ).toContain(n);
      expect(distinct).toBe(n);
      outcomes[n === 0 ? 'none' : 'all']++;
    }
    // The kills landed before and (at least sometimes) around the commit, not all on one side.
    expect(outcomes.none).toBeGreaterThan(0);

    // The same file again (the retry of a killed or finished import) updates, never duplicates.
    const again = await next.run('KFULL', null);
    expect(again.status).toBe(200);
    expect(await countPrefix('KFULL')).toEqual({ n: ROWS, distinct: ROWS });
    const retried = await startWorker(env).run('K0', null);
    expect(retried.status).toBe(200);
    expect(await countPrefix('K0')).toEqual({ n: ROWS, distinct: ROWS });
  }, 600_000);
});
