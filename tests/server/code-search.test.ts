import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../model/api';
import { DIALECTS, call, loginToken, startHarness, type Harness } from './harness';

describe.each(DIALECTS)('searching by code [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness(kind);
    admin = await loginToken(h.app, 'demo', 'admin');
    for (const code of ['ABC-1', 'abc_2', 'XABC-3', 'AB_X']) {
      const r = await call(h.app, 'POST', '/api/basic-system/unit', {
        token: admin,
        body: { code, name: `Unit ${code}`, type: 'quantity', accuracy: 0 },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const codes = async (q: string) =>
    (
      await call<Page<{ code: string }>>(h.app, 'GET', `/api/basic-system/unit?code=${encodeURIComponent(q)}&size=50`, {
        token: admin,
      })
    ).body.data.records
      .map((r) => r.code)
      .sort();

  it('matches how a code starts, whatever its case, and takes wildcards literally', async () => {
    expect(await codes('abc')).toEqual(['ABC-1', 'abc_2']);
    expect(await codes('ABC_')).toEqual(['abc_2']);
    // `_` and `%` are no wildcards: "AB_" is not "AB" and any one character.
    expect(await codes('AB_')).toEqual(['AB_X']);
    expect(await codes('%')).toEqual([]);
    expect(await codes('BC')).toEqual([]);
  });
});
