/**
 * SECURITY-TESTS T2.12 (zip bombs, ASVS 5.2.3), the attacker's view: a spreadsheet of about 1 MB that
 * inflates to 300 MiB, sent to every import route, is refused within 2 s with a clear message, and
 * the server keeps answering /api/health within 100 ms meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../model/resources';
import { apiPath } from '../../model/engine';
import { loginToken, multipartBody, startHarness, type Harness } from './harness';
import { MiB, bomb } from './zip-fixtures';

describe('zip bombs (T2.12)', () => {
  let h: Harness;
  let token: string;
  let factory: string;
  let file: Buffer;

  beforeAll(async () => {
    h = await startHarness('pglite');
    token = await loginToken(h.app, 'demo', 'admin');
    factory = (
      await h.database.db.selectFrom('factory').select('id').where('code', '=', 'F001').executeTakeFirstOrThrow()
    ).id;
    file = await bomb();
  }, 120_000);
  afterAll(async () => h?.close());

  it('the file is what the attack used: about 1 MB that inflates to 300 MiB, a ratio of about 300:1', () => {
    expect(file.length).toBeGreaterThan(800 * 1024);
    expect(file.length).toBeLessThan(1.5 * MiB);
    const inflated = file.readUInt32LE(file.length - 22 - 46 - 'xl/worksheets/sheet1.xml'.length + 24);
    expect(inflated).toBeGreaterThan(300 * MiB);
  });

  it('is refused by every import route within 2 s with a clear message, while /api/health answers within 100 ms', async () => {
    const routes = [
      ...RESOURCES.filter((d) => d.verbs.includes('import')).map((d) => `${apiPath(d)}/import`),
      '/api/basic-system/bom/import',
      '/api/platform-system/translation/import',
    ];
    expect(routes.length).toBeGreaterThan(10);
    const { payload, contentType } = multipartBody([
      {
        name: 'file',
        filename: 'bomb.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: file,
      },
    ]);
    const slow: string[] = [];
    for (const url of routes) {
      let done = false;
      const health: number[] = [];
      const started = performance.now();
      const upload = h.app
        .inject({
          method: 'POST',
          url,
          payload,
          headers: {
            authorization: `Bearer ${token}`,
            'x-factory-id': factory,
            'accept-language': 'en',
            'content-type': contentType,
          },
        })
        .finally(() => {
          done = true;
        });
      const probe = (async () => {
        while (!done) {
          const t0 = performance.now();
          const r = await h.app.inject({ method: 'GET', url: '/api/health' });
          expect(r.statusCode).toBe(200);
          health.push(performance.now() - t0);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const r = await upload;
      const ms = performance.now() - started;
      await probe;
      expect(r.statusCode, `${url}: ${r.body.slice(0, 200)}`).toBe(413);
      expect((r.json() as { msg: string }).msg, url).toMatch(/unpacks to too much data/);
      if (ms > 2000) slow.push(`${url}: ${Math.round(ms)} ms`);
      const worst = Math.max(0, ...health);
      if (worst > 100) slow.push(`${url}: /api/health took ${Math.round(worst)} ms meanwhile`);
    }
    expect(slow).toEqual([]);
  }, 300_000);
});
