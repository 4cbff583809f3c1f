/**
 * SECURITY-TESTS T2.5, what a refusal gives away: for every resource, another tenant's real row and
 * an id that exists nowhere get the same status and the same body on get, update, state change and
 * delete — and, on a representative route, the same time — so no one can probe for existence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, statusFields, type ResourceRow } from '../../model/engine';
import { RESOURCES, unit } from '../../model/resources';
import { createTenant } from '../../server/tenants/provision';
import { PASSWORD, loginToken, startHarness, type Harness } from './harness';
import { Maker, seedDicts } from './resource-fixtures';
import { factoryIdOf } from './seeded';

const NOWHERE = '5b0e7c8e-1f2a-4c3d-9e8f-0a1b2c3d4e5f';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('refusals that do not reveal existence (T2.5)', () => {
  let h: Harness;
  let intruder: string;
  let intruderFactory: string;
  const theirs = new Map<string, ResourceRow>();

  beforeAll(async () => {
    h = await startHarness('pglite');
    const db = h.database.db;
    const demo = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const factory = await factoryIdOf(db, demo.id, 'F001');
    const owner = await loginToken(h.app, 'demo', 'admin');
    const maker = new Maker({
      app: h.app,
      token: owner,
      factoryId: factory,
      dicts: await seedDicts(db, demo.id, RESOURCES),
    });
    for (const def of RESOURCES) theirs.set(def.name, await maker.create(def));
    const other = await createTenant(db, { code: 'probe', name: 'Probe', adminPassword: PASSWORD });
    intruderFactory = other.factoryId;
    intruder = await loginToken(h.app, 'probe', 'admin');
  }, 120_000);
  afterAll(async () => h?.close());

  const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${intruder}`, 'x-factory-id': intruderFactory, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  it("answers another tenant's row exactly like a row that exists nowhere, on every verb of every resource", async () => {
    // The shared menu tree is everyone's to read (resources.test.ts checks that no other tenant writes it).
    for (const def of RESOURCES.filter((d) => d.scope !== 'shared')) {
      const base = apiPath(def);
      const real = theirs.get(def.name)!.id;
      const state = statusFields(def)[0];
      const calls = (id: string) =>
        [
          ['GET', `${base}/${id}`],
          ['PUT', `${base}/${id}`, { name: 'x' }],
          ['DELETE', base, { ids: [id] }],
          ...(state
            ? [
                [
                  'POST',
                  `${base}/${id}/state`,
                  { field: state[0], value: state[1].kind === 'enum' ? state[1].values[0] : 'x' },
                ],
              ]
            : []),
        ] as ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][];
      const a = calls(real);
      const b = calls(NOWHERE);
      for (let i = 0; i < a.length; i++) {
        const [ra, rb] = [await send(...a[i]!), await send(...b[i]!)];
        expect(ra.statusCode, `${def.name} ${a[i]![0]}`).toBe(404);
        expect({ status: ra.statusCode, body: ra.body }, `${def.name} ${a[i]![0]}`).toEqual({
          status: rb.statusCode,
          body: rb.body,
        });
      }
    }
  });

  it('takes as long to refuse a real foreign row as a missing one', async () => {
    const real = theirs.get(unit.name)!.id;
    const url = (id: string) => `${apiPath(unit)}/${id}`;
    for (let i = 0; i < 10; i++) {
      await send('GET', url(real));
      await send('GET', url(NOWHERE));
    } // warm
    const tReal: number[] = [];
    const tNone: number[] = [];
    for (let i = 0; i < 60; i++) {
      let t0 = performance.now();
      await send('GET', url(real));
      tReal.push(performance.now() - t0);
      t0 = performance.now();
      await send('GET', url(NOWHERE));
      tNone.push(performance.now() - t0);
    }
    const [mr, mn] = [median(tReal), median(tNone)];
    // Within a quarter, or within a millisecond where both are that fast.
    expect(
      Math.abs(mr - mn) < 1 || Math.abs(mr - mn) / Math.max(mr, mn) < 0.25,
      `medians ${mr.toFixed(2)} / ${mn.toFixed(2)} ms`,
    ).toBe(true);
  });
});
