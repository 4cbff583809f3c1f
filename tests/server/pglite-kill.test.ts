/**
 * SECURITY-TESTS T4.5: a PGlite writer killed at random moments loses nothing it reported as
 * committed, the folder reopens every time, and a second process is refused by the lock file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DataDirLockedError, createDatabase } from '../../server/db/index';
import { loadConfig } from '../../server/config';

const root = path.resolve(import.meta.dirname, '../..');
const TRIALS = Number(process.env.PGLITE_KILL_TRIALS ?? 20);

/** Runs the writer, kills it with SIGKILL after `afterMs` of writing; returns the ids it reported. */
function writeThenKill(dataDir: string, afterMs: number): Promise<{ ids: number[]; lockedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'tests/support/pglite-writer.ts'), dataDir],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const ids: number[] = [];
    let buffer = '';
    let stderr = '';
    let lockedOut = false;
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') {
          // While it writes, nobody else may open the folder.
          createDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { migrate: false }).then(
            async (db) => {
              await db.close();
            },
            (err: unknown) => {
              lockedOut = err instanceof DataDirLockedError;
            },
          );
          setTimeout(() => child.kill('SIGKILL'), afterMs);
        } else if (/^\d+$/.test(line)) ids.push(Number(line));
      }
    });
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer ended by itself: ${stderr.slice(-2000)}`));
      else resolve({ ids, lockedOut });
    });
  });
}

describe('PGlite killed mid-write (T4.5)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-kill-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every reported commit over ${TRIALS} random kills and refuses a second opener`, async () => {
    let seed = 0x5eed;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const reported = new Set<number>();
    let lockRefusals = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const { ids, lockedOut } = await writeThenKill(dataDir, 50 + Math.floor(random() * 400));
      ids.forEach((id) => reported.add(id));
      if (lockedOut) lockRefusals++;
    }
    expect(reported.size).toBeGreaterThan(TRIALS);
    expect(lockRefusals).toBe(TRIALS);
    // The killed writer's stale lock is taken over; the data is all there.
    const reopened = await createDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { migrate: false });
    try {
      const rows = await sql<{ id: string }>`select id from kill_probe`.execute(reopened.db);
      const present = new Set(rows.rows.map((r) => Number(r.id)));
      const missing = [...reported].filter((id) => !present.has(id));
      expect(missing).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
