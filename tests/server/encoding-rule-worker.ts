/**
 * One server process of the concurrency test (tests/server/encoding-rule-concurrency.test.ts): builds
 * the API on the shared PostgreSQL database (DATABASE_URL) and runs CALLERS concurrent callers, each
 * drawing blocks of 1–9 codes until it holds PER_CALLER codes. Prints one JSON line: per caller, the
 * codes in the order they were received.
 */
import { buildApi } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/index';

const { TOKEN, RULE_ID, FACTORY_ID } = process.env;
const CALLERS = Number(process.env.CALLERS ?? 50);
const PER_CALLER = Number(process.env.PER_CALLER ?? 100);

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', LOGIN_CAPTCHA: 'off' });
  const database = await createDatabase(config, { migrate: false });
  const app = await buildApi({ db: database.db, config, logger: false });
  await app.ready();
  let calls = 0;
  const caller = async (n: number): Promise<string[]> => {
    const got: string[] = [];
    let seed = n * 7919 + process.pid;
    while (got.length < PER_CALLER) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const count = Math.min(1 + (seed % 9), PER_CALLER - got.length);
      const res = await app.inject({
        method: 'POST',
        url: `/api/basic-system/encoding-rule/${RULE_ID}/generate`,
        headers: { authorization: `Bearer ${TOKEN}`, 'x-factory-id': FACTORY_ID ?? '' },
        payload: { count },
      });
      calls++;
      if (res.statusCode !== 200) throw new Error(`caller ${n}: ${res.statusCode} ${res.body}`);
      got.push(...(res.json() as { data: { codes: string[] } }).data.codes);
    }
    return got;
  };
  const t0 = Date.now();
  const results = await Promise.all(Array.from({ length: CALLERS }, (_, i) => caller(i)));
  const ms = Date.now() - t0;
  await app.close();
  await database.close();
  process.stdout.write(`${JSON.stringify({ pid: process.pid, calls, ms, callers: results })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error).stack ?? err)}\n`);
  process.exit(1);
});
