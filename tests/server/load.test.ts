/**
 * SECURITY-TESTS T4.6, the short form that runs with every test run: 20 connections for 5 s on a
 * read route and on a mixed write script against a real server process, on PGlite and on
 * PostgreSQL. No unexpected non-2xx, no errors or time-outs, memory growth under 50 MB, measured
 * after a full collection in the server (a raw RSS reading over 5 s measured the collector: +100 MB
 * once, live heap +1 MB). `npm run bench` runs the catalogue's 20 s and records the latencies.
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { describeLoad, loadRun } from '../bench/load';
import { DIALECTS } from './harness';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);

describe.each(DIALECTS)('load (T4.6) [%s]', (kind) => {
  it(`serves 20 connections for ${SECONDS} s of reads and of mixed writes without a failure or a leak`, async () => {
    let databaseUrl: string | undefined;
    let dbName: string | null = null;
    const adminUrl = inject('pgUrl');
    if (kind === 'postgres' && adminUrl) {
      dbName = `portal_load_${randomBytes(5).toString('hex')}`;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`CREATE DATABASE ${dbName}`);
      await c.end();
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
    try {
      const report = await loadRun({ database: kind, databaseUrl, seconds: SECONDS, connections: 20 });
      console.log(
        describeLoad(report)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      );
      for (const run of report.runs) {
        expect(run.requests, run.scenario).toBeGreaterThan(20);
        expect({ scenario: run.scenario, non2xx: run.non2xx, errors: run.errors, timeouts: run.timeouts }).toEqual({
          scenario: run.scenario,
          non2xx: 0,
          errors: 0,
          timeouts: 0,
        });
      }
      expect(report.rssAfterMb - report.rssBeforeMb).toBeLessThan(50);
    } finally {
      if (dbName && adminUrl) {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.end();
      }
    }
  }, 180_000);
});
