/**
 * Trees kept by a parent reference (material classes, departments): levels follow the parent, a move
 * carries the subtree, a node never goes under itself, depth is bounded, and nothing of a refused
 * move stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, loginToken, startHarness, type Harness } from './harness';

const TREES = [
  {
    base: '/api/basic-system/material-class',
    cycle: /class cannot be placed under itself/,
    deep: /Classes cannot be nested more than 20/,
  },
  {
    base: '/api/cloudbase-system/department',
    cycle: /department cannot be placed under itself/,
    deep: /Departments cannot be nested more than 20/,
  },
];

describe.each(DIALECTS)('trees [%s]', (kind) => {
  let h: Harness;
  let admin: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    admin = await loginToken(h.app, 'demo', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(TREES)('$base: levels, moves with the subtree, no cycles, bounded depth', async ({ base, cycle, deep }) => {
    const stamp = `T${Date.now().toString(36).toUpperCase()}`;
    const add = async (code: string, parentId: string | null) => {
      const r = await call(h.app, 'POST', base, {
        token: admin,
        body: { code: `${stamp}${code}`, name: code, parentId },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { id: string; level: number };
    };
    const level = async (id: string) =>
      (await call(h.app, 'GET', `${base}/${id}`, { token: admin })).body.data as {
        level: number;
        parentId: string | null;
      };
    const a = await add('A', null);
    const b = await add('B', a.id);
    const c = await add('C', b.id);
    const d = await add('D', c.id);
    expect([a.level, b.level, c.level, d.level]).toEqual([1, 2, 3, 4]);

    // Under its own grandchild: refused, and the tree is as it was.
    const loop = await call(h.app, 'PUT', `${base}/${a.id}`, { token: admin, lang: 'en', body: { parentId: d.id } });
    expect(loop.status).toBe(400);
    expect(loop.body.msg).toMatch(cycle);
    expect(await level(a.id)).toMatchObject({ level: 1, parentId: null });

    // Another root takes B: B, C and D go down a level with it.
    const e = await add('E', null);
    const f = await add('F', e.id);
    expect((await call(h.app, 'PUT', `${base}/${b.id}`, { token: admin, body: { parentId: f.id } })).status).toBe(200);
    expect([(await level(b.id)).level, (await level(c.id)).level, (await level(d.id)).level]).toEqual([3, 4, 5]);

    // A chain deeper than 20 levels is refused at the node that would pass the bound.
    let parent = d.id;
    for (let i = 6; i <= 20; i += 1) parent = (await add(`L${i}`, parent)).id;
    expect((await level(parent)).level).toBe(20);
    const tooDeep = await call(h.app, 'POST', base, {
      token: admin,
      lang: 'en',
      body: { code: `${stamp}L21`, name: 'L21', parentId: parent },
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.msg).toMatch(deep);
    const list = await call(h.app, 'GET', `${base}?code=${stamp}L21`, { token: admin });
    expect(list.body.data.records).toHaveLength(0);
  });
});
