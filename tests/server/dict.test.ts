import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dict, DictItem } from '../../model/dict';
import type { Page } from '../../model/api';
import { createTenant } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, startHarness, type Harness } from './harness';

const BASE = '/api/platform-system/dict';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(DIALECTS)('dictionaries [%s]', (kind) => {
  let h: Harness;
  let demo: string; // admin token of tenant demo
  let acme: string; // admin token of tenant acme

  beforeAll(async () => {
    h = await startHarness(kind);
    await createTenant(h.database.db, { code: 'acme', name: 'Acme', adminPassword: PASSWORD });
    demo = await loginToken(h.app, 'demo', 'admin');
    acme = await loginToken(h.app, 'acme', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates, reads, lists, updates and deletes a dictionary', async () => {
    // The demo tenant starts with the language dictionary and those of the master data.
    const seeded = (await call<Page<Dict>>(h.app, 'GET', BASE, { token: demo })).body.data.total;
    const created = await call<Dict>(h.app, 'POST', BASE, {
      token: demo,
      body: { name: '  Unit type ', type: 'unit_type', remark: 'Units' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Unit type', type: 'unit_type', remark: 'Units', itemCount: 0 });
    const id = created.body.data.id;
    expect((await call<Dict>(h.app, 'GET', `${BASE}/${id}`, { token: demo })).body.data.type).toBe('unit_type');

    await call(h.app, 'POST', BASE, { token: demo, body: { name: 'Shift kind', type: 'shift.kind' } });
    const list = await call<Page<Dict>>(h.app, 'GET', `${BASE}?page=1&size=20`, { token: demo });
    expect(list.body.data.total).toBe(seeded + 2);
    expect(list.body.data.records[0]?.type).toBe('shift.kind'); // newest first
    expect(list.body.data).toMatchObject({ page: 1, size: 20 });
    const byName = await call<Page<Dict>>(h.app, 'GET', `${BASE}?name=UNIT`, { token: demo });
    expect(byName.body.data.records.map((d) => d.type)).toEqual(['unit_type']);
    const byType = await call<Page<Dict>>(h.app, 'GET', `${BASE}?type=KIND`, { token: demo });
    expect(byType.body.data.records.map((d) => d.type)).toEqual(['shift.kind']);
    const paged = await call<Page<Dict>>(h.app, 'GET', `${BASE}?page=2&size=${seeded + 1}`, { token: demo });
    expect(paged.body.data.records).toHaveLength(1);
    expect(paged.body.data.total).toBe(seeded + 2);
    const wildcard = await call<Page<Dict>>(h.app, 'GET', `${BASE}?type=%25`, { token: demo });
    expect(wildcard.body.data.total).toBe(0);

    const updated = await call<Dict>(h.app, 'PUT', `${BASE}/${id}`, {
      token: demo,
      body: { name: 'Units', type: 'unit_kind' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Units', type: 'unit_kind', remark: '' });

    const del = await call(h.app, 'DELETE', BASE, { token: demo, body: { ids: [id] } });
    expect(del.status).toBe(200);
    expect((await call(h.app, 'GET', `${BASE}/${id}`, { token: demo })).status).toBe(404);
    expect((await call(h.app, 'DELETE', BASE, { token: demo, body: { ids: [id] } })).status).toBe(404);
  });

  it('manages the items of a dictionary', async () => {
    const d = (await call<Dict>(h.app, 'POST', BASE, { token: demo, body: { name: 'Colour', type: 'colour' } })).body
      .data;
    const items = `${BASE}/${d.id}/items`;
    const red = await call<DictItem>(h.app, 'POST', items, {
      token: demo,
      body: { label: 'Red', value: 'red', sort: 2 },
    });
    expect(red.status).toBe(200);
    expect(red.body.data).toMatchObject({ dictId: d.id, label: 'Red', value: 'red', sort: 2 });
    await call(h.app, 'POST', items, { token: demo, body: { label: 'Blue', value: 'blue', sort: '1' } });
    await call(h.app, 'POST', items, { token: demo, body: { label: 'Green', value: 'green', sort: 2 } });
    const list = await call<DictItem[]>(h.app, 'GET', items, { token: demo });
    expect(list.body.data.map((i) => i.value)).toEqual(['blue', 'green', 'red']);
    expect((await call<Dict>(h.app, 'GET', `${BASE}/${d.id}`, { token: demo })).body.data.itemCount).toBe(3);

    const dup = await call(h.app, 'POST', items, {
      token: demo,
      lang: 'en',
      body: { label: 'Red again', value: 'red' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ code: 409, msg: 'The value already exists in this dictionary', data: null });

    const redId = red.body.data.id;
    const upd = await call<DictItem>(h.app, 'PUT', `${items}/${redId}`, {
      token: demo,
      body: { label: 'Crimson', value: 'crimson', sort: 0 },
    });
    expect(upd.body.data).toMatchObject({ id: redId, label: 'Crimson', value: 'crimson', sort: 0 });
    const dupUpd = await call(h.app, 'PUT', `${items}/${redId}`, { token: demo, body: { label: 'x', value: 'blue' } });
    expect(dupUpd.status).toBe(409);
    expect(
      (await call(h.app, 'PUT', `${items}/${MISSING}`, { token: demo, body: { label: 'x', value: 'x' } })).status,
    ).toBe(404);

    expect((await call(h.app, 'DELETE', `${items}/${redId}`, { token: demo })).status).toBe(200);
    expect((await call(h.app, 'DELETE', `${items}/${redId}`, { token: demo })).status).toBe(404);
    expect((await call<DictItem[]>(h.app, 'GET', items, { token: demo })).body.data.map((i) => i.value)).toEqual([
      'blue',
      'green',
    ]);

    // Deleting the dictionary deletes its items.
    expect((await call(h.app, 'DELETE', BASE, { token: demo, body: { ids: [d.id] } })).status).toBe(200);
    const left = await h.database.db.selectFrom('dict_item').select('id').where('dict_id', '=', d.id).execute();
    expect(left).toHaveLength(0);
    expect((await call(h.app, 'GET', items, { token: demo })).status).toBe(404);
  });

  it('validates with field keys and messages naming the field (zh-CN and en)', async () => {
    const zh = await call(h.app, 'POST', BASE, { token: demo, lang: 'zh-CN', body: { name: '', type: 'ok' } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('名称不能为空');
    expect(zh.body.data.errors).toEqual([{ field: 'name', key: 'validation.required', message: '名称不能为空' }]);
    const en = await call(h.app, 'POST', BASE, {
      token: demo,
      lang: 'en-US,en;q=0.9',
      body: { name: 'A', type: '9bad type' },
    });
    expect(en.status).toBe(400);
    expect(en.body.data.errors).toEqual([
      { field: 'type', key: 'validation.codeFormat', message: expect.stringMatching(/^Type must start with a letter/) },
    ]);
    const long = await call(h.app, 'POST', BASE, {
      token: demo,
      lang: 'en',
      body: { name: 'x'.repeat(65), type: 'long' },
    });
    expect(long.body.data.errors[0]).toMatchObject({
      field: 'name',
      key: 'validation.tooLong',
      message: 'Name is too long',
    });
    const none = await call(h.app, 'POST', BASE, { token: demo, lang: 'en' });
    expect(none.status).toBe(400);
    expect(none.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'type']);
    const d = (await call<Dict>(h.app, 'POST', BASE, { token: demo, body: { name: 'V', type: 'validate_items' } })).body
      .data;
    const sort = await call(h.app, 'POST', `${BASE}/${d.id}/items`, {
      token: demo,
      lang: 'en',
      body: { label: 'a', value: 'a', sort: 'abc' },
    });
    expect(sort.body.data.errors[0]).toMatchObject({
      field: 'sort',
      key: 'validation.number',
      message: 'Sort order must be a number',
    });
    const frac = await call(h.app, 'POST', `${BASE}/${d.id}/items`, {
      token: demo,
      lang: 'zh-TW',
      body: { label: 'a', value: 'a', sort: 1.5 },
    });
    expect(frac.body.data.errors[0]).toMatchObject({
      field: 'sort',
      key: 'validation.integer',
      message: '排序必須是整數',
    });
    const badPage = await call(h.app, 'GET', `${BASE}?page=x`, { token: demo, lang: 'en' });
    expect(badPage.status).toBe(400);
    expect(badPage.body.data.errors[0]).toMatchObject({ field: 'page', key: 'validation.number' });
  });

  it('refuses a duplicate type in the tenant (create and update)', async () => {
    const a = await call<Dict>(h.app, 'POST', BASE, { token: demo, body: { name: 'A', type: 'dup_type' } });
    expect(a.status).toBe(200);
    const again = await call(h.app, 'POST', BASE, { token: demo, lang: 'en', body: { name: 'B', type: 'dup_type' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 409, msg: 'The dictionary type already exists', data: null });
    const b = await call<Dict>(h.app, 'POST', BASE, { token: demo, body: { name: 'B', type: 'dup_other' } });
    const upd = await call(h.app, 'PUT', `${BASE}/${b.body.data.id}`, {
      token: demo,
      body: { name: 'B', type: 'dup_type' },
    });
    expect(upd.status).toBe(409);
    // Updating a dictionary keeping its own type is fine.
    expect(
      (await call(h.app, 'PUT', `${BASE}/${a.body.data.id}`, { token: demo, body: { name: 'A2', type: 'dup_type' } }))
        .status,
    ).toBe(200);
  });

  it('keeps tenants apart, and lets both use the same type', async () => {
    const mine = await call<Dict>(h.app, 'POST', BASE, {
      token: demo,
      body: { name: 'Demo only', type: 'shared_type' },
    });
    expect(mine.status).toBe(200);
    const theirs = await call<Dict>(h.app, 'POST', BASE, {
      token: acme,
      body: { name: 'Acme only', type: 'shared_type' },
    });
    expect(theirs.status).toBe(200);
    const demoId = mine.body.data.id;
    await call(h.app, 'POST', `${BASE}/${demoId}/items`, { token: demo, body: { label: 'x', value: 'x' } });

    // by list
    const acmeList = await call<Page<Dict>>(h.app, 'GET', `${BASE}?size=100`, { token: acme });
    expect(acmeList.body.data.records.map((d) => d.name)).not.toContain('Demo only');
    expect(acmeList.body.data.records.map((d) => d.type).sort()).toEqual(['language', 'shared_type']);
    // by id, items, update, delete: exactly like a nonexistent id
    const missing = await call(h.app, 'GET', `${BASE}/${MISSING}`, { token: acme });
    const foreign = await call(h.app, 'GET', `${BASE}/${demoId}`, { token: acme });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await call(h.app, 'GET', `${BASE}/${demoId}/items`, { token: acme })).status).toBe(404);
    expect(
      (await call(h.app, 'POST', `${BASE}/${demoId}/items`, { token: acme, body: { label: 'y', value: 'y' } })).status,
    ).toBe(404);
    expect(
      (await call(h.app, 'PUT', `${BASE}/${demoId}`, { token: acme, body: { name: 'Hacked', type: 'hacked' } })).status,
    ).toBe(404);
    expect((await call(h.app, 'DELETE', BASE, { token: acme, body: { ids: [demoId] } })).status).toBe(404);
    const item = (await call<DictItem[]>(h.app, 'GET', `${BASE}/${demoId}/items`, { token: demo })).body
      .data[0] as DictItem;
    expect(
      (
        await call(h.app, 'PUT', `${BASE}/${demoId}/items/${item.id}`, {
          token: acme,
          body: { label: 'z', value: 'z' },
        })
      ).status,
    ).toBe(404);
    expect((await call(h.app, 'DELETE', `${BASE}/${demoId}/items/${item.id}`, { token: acme })).status).toBe(404);
    // a mixed delete only touches the caller's own rows
    const mixed = await call(h.app, 'DELETE', BASE, { token: acme, body: { ids: [demoId, theirs.body.data.id] } });
    expect(mixed.status).toBe(200);
    expect(mixed.body.data).toEqual({ deleted: 1 });

    // untouched
    const still = await call<Dict>(h.app, 'GET', `${BASE}/${demoId}`, { token: demo });
    expect(still.body.data).toMatchObject({ name: 'Demo only', type: 'shared_type', itemCount: 1 });
    expect(
      (await call<DictItem[]>(h.app, 'GET', `${BASE}/${demoId}/items`, { token: demo })).body.data.map((i) => i.label),
    ).toEqual(['x']);
  });

  it('answers 404, never 500, for ids that are not uuids', async () => {
    for (const url of [`${BASE}/not-a-uuid`, `${BASE}/1`, `${BASE}/abc/items`, `${BASE}/${MISSING}/items/zzz`]) {
      const r = await call(h.app, 'GET', url, { token: demo });
      expect(r.status, url).toBe(404);
      expect(r.body.code).toBe(404);
    }
    expect(
      (await call(h.app, 'PUT', `${BASE}/'; drop table dict;--`, { token: demo, body: { name: 'a', type: 'a' } }))
        .status,
    ).toBe(404);
    expect((await call(h.app, 'DELETE', BASE, { token: demo, body: { ids: ['nope'] } })).status).toBe(404);
  });

  it('answers malformed JSON with a 400 envelope, not a stack', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: BASE,
      headers: { authorization: `Bearer ${demo}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body.code).toBe(400);
    expect(JSON.stringify(body)).not.toMatch(/at |Unexpected|stack/);
  });
});
