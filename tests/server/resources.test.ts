/**
 * The resource engine's routes over every definition (issue 3): CRUD with paging, sort and filters;
 * isolation between tenants and between factories; a permission code per verb; 409 on duplicate
 * codes and on deleting referenced rows; 400 with field keys and localised messages; no mass assignment.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, ValidationErrorData } from '../../model/api';
import {
  VERBS,
  apiPath,
  inputSchema,
  refFields,
  searchFields,
  statusFields,
  uniqueFields,
  type ConflictData,
  type FieldDef,
  type ReferencedData,
  type ResourceDef,
  type ResourceRow,
} from '../../model/engine';
import { RESOURCES } from '../../model/resources';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { Maker, newGroup, seedDicts } from './resource-fixtures';

type Tree = { [k: string]: string | Tree };
const enModel = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../locales/en/model.json'), 'utf8')) as Tree;
const enLabel = (key: string) =>
  key.split('.').reduce<string | Tree | undefined>((o, k) => (typeof o === 'object' ? o[k] : undefined), enModel);

const MISSING = '00000000-0000-4000-8000-000000000000';
/** The button a change of state `f` to `value` needs (statusVerbs per value, else statusVerb, else edit). */
const stateVerbOf = (f: FieldDef, value: string) =>
  f.kind === 'enum' ? (f.statusVerbs?.[value] ?? f.statusVerb ?? 'edit') : 'edit';
const statusVerbs = (def: ResourceDef) => [
  ...new Set(
    statusFields(def).flatMap(([, f]) => (f.kind === 'enum' ? f.values.map((v) => stateVerbOf(f, v)) : ['edit'])),
  ),
];
const ALL_VERBS = [...new Set([...VERBS, ...RESOURCES.flatMap(statusVerbs)])];

/** What the API answers for a value it was sent (the schema's normal form). */
const normalised = (def: ResourceDef, body: Record<string, unknown>) =>
  inputSchema(def).parse(body) as Record<string, unknown>;

describe.each(DIALECTS)('resource engine [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let other: string; // admin of another tenant
  let factoryA: string;
  let factoryB: string;
  let otherFactory: string;
  let maker: Maker; // tenant demo, factory A
  let makerB: Maker; // tenant demo, factory B
  let makerOther: Maker; // tenant acme
  /** Verb → token of a user whose role has every code except that verb's. */
  const without = new Map<string, string>();

  const req = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: { token?: string; factory?: string | null; body?: unknown; lang?: string } = {},
  ) =>
    call<T>(h.app, method, url, {
      token: opts.token ?? admin,
      body: opts.body,
      lang: opts.lang,
      headers: opts.factory === null ? {} : { 'x-factory-id': opts.factory ?? factoryA },
    });

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const demo = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    factoryA = (
      await db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', demo.id)
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).id;
    factoryB = (
      await db
        .insertInto('factory')
        .values({ tenant_id: demo.id, code: 'FB', name: 'Second factory' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const acme = await createTenant(db, { code: 'acme', name: 'Acme', adminPassword: PASSWORD });
    otherFactory = acme.factoryId;
    admin = await loginToken(h.app, 'demo', 'admin');
    other = await loginToken(h.app, 'acme', 'admin');
    const dicts = await seedDicts(db, demo.id, RESOURCES);
    const otherDicts = await seedDicts(db, acme.tenantId, RESOURCES);
    maker = new Maker({ app: h.app, token: admin, factoryId: factoryA, dicts });
    makerB = new Maker({ app: h.app, token: admin, factoryId: factoryB, dicts });
    makerOther = new Maker({ app: h.app, token: other, factoryId: otherFactory, dicts: otherDicts });

    const menus = await db.selectFrom('menu').select(['id', 'perms']).execute();
    const hash = await passwordHash();
    for (const verb of ALL_VERBS) {
      const role = await db
        .insertInto('role')
        .values({ tenant_id: demo.id, code: `no-${verb}`, name: `Without ${verb}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const granted = menus.filter((m) => !m.perms?.endsWith(`:${verb}`));
      await db
        .insertInto('role_menu')
        .values(granted.map((m) => ({ tenant_id: demo.id, role_id: role.id, menu_id: m.id })))
        .execute();
      await createUser(db, {
        tenantId: demo.id,
        account: `no-${verb}`,
        password: PASSWORD,
        passwordHash: hash,
        roles: [`no-${verb}`],
        factoryIds: [factoryA],
      });
      without.set(verb, await loginToken(h.app, 'demo', `no-${verb}`));
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  for (const def of RESOURCES) {
    const base = apiPath(def);
    const factoryScoped = def.scope === 'factory';

    describe(def.name, () => {
      it('creates, reads, lists with paging, sort and filters, updates, changes state and deletes', async () => {
        const group = newGroup();
        const body = await maker.values(def, `${group}A`);
        const created = await req<ResourceRow>('POST', base, { body });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const a = created.body.data;
        const expected = normalised(def, body);
        // An absent optional reference (a tree's root has no parent) answers null.
        for (const [key, value] of Object.entries(expected)) {
          if (def.fields[key]?.writeOnly)
            expect(a, key).not.toHaveProperty(key); // a password is never answered
          else expect(a[key] ?? null, key).toEqual(value ?? null);
        }
        for (const [key] of refFields(def)) {
          const v = a[key];
          if (v !== null && !(Array.isArray(v) && v.length === 0))
            expect(a.$labels[key], `$labels.${key}`).toBeTruthy();
        }
        expect((await req<ResourceRow>('GET', `${base}/${a.id}`)).body.data).toEqual(a);

        const b = (await req<ResourceRow>('POST', base, { body: await maker.values(def, `${group}B`) })).body.data;
        const c = (await req<ResourceRow>('POST', base, { body: await maker.values(def, `${group}C`) })).body.data;
        const codeKey = def.codeField;
        const page = (q: string) => req<Page<ResourceRow>>('GET', `${base}?${codeKey}=${group}&${q}`);
        const p1 = await page(`size=2&page=1&sort=${codeKey}&order=asc`);
        expect(p1.status, JSON.stringify(p1.body)).toBe(200);
        expect(p1.body.data).toMatchObject({ total: 3, page: 1, size: 2, totalExact: true });
        expect(p1.body.data.records.map((r) => r.id)).toEqual([a.id, b!.id]);
        expect((await page(`size=2&page=2&sort=${codeKey}&order=asc`)).body.data.records.map((r) => r.id)).toEqual([
          c!.id,
        ]);
        expect((await page(`size=5&sort=${codeKey}&order=desc`)).body.data.records.map((r) => r.id)).toEqual([
          c!.id,
          b!.id,
          a.id,
        ]);
        // Every sortable field sorts, both ways; an unknown one is refused.
        for (const [key, f] of Object.entries(def.fields)) {
          if (!f.sortable || f.kind === 'details' || f.kind === 'refs') continue;
          for (const order of ['asc', 'desc']) {
            const r = await page(`sort=${key}&order=${order}`);
            expect(r.status, `${key} ${order}`).toBe(200);
            expect(r.body.data.total).toBe(3);
          }
        }
        const badSort = await page('sort=tenantId');
        expect(badSort.status).toBe(400);
        expect(badSort.body.data).toMatchObject({ errors: [{ field: 'sort', key: 'validation.option' }] });
        // Each search field finds row a by its value (text: a part of it; code: how it starts, in lower case).
        for (const [key, f] of searchFields(def)) {
          const v = a[key];
          if (v === null || v === undefined || f.kind === 'details') continue;
          const probe = Array.isArray(v)
            ? String(v[0])
            : typeof v === 'string' && f.kind === 'code'
              ? v.slice(0, 3).toLowerCase() || v
              : typeof v === 'string' && ['text', 'textarea'].includes(f.kind)
                ? v.slice(1, 4) || v
                : String(v);
          const r = await req<Page<ResourceRow>>('GET', `${base}?${key}=${encodeURIComponent(probe)}&size=500`);
          expect(r.status, `${key}=${probe}: ${JSON.stringify(r.body)}`).toBe(200);
          expect(
            r.body.data.records.map((x) => x.id),
            `${key}=${probe}`,
          ).toContain(a.id);
        }

        // Update: a changed name (or the first plain text field), guarded by updatedAt (read again:
        // writing b and c may have touched a, e.g. the default printer moved on).
        Object.assign(a, (await req<ResourceRow>('GET', `${base}/${a.id}`)).body.data);
        const textKey = Object.entries(def.fields).find(
          ([k, f]) => f.kind === 'text' && !f.unique && !f.pattern && k !== codeKey,
        )?.[0];
        const change = textKey ? { [textKey]: 'Changed' } : {};
        const updated = await req<ResourceRow>('PUT', `${base}/${a.id}`, {
          body: { ...change, updatedAt: a.updatedAt },
        });
        expect(updated.status, JSON.stringify(updated.body)).toBe(200);
        if (textKey) expect(updated.body.data[textKey]).toBe('Changed');
        expect(updated.body.data[codeKey]).toBe(a[codeKey]);
        const stale = await req('PUT', `${base}/${a.id}`, { body: { ...change, updatedAt: a.updatedAt } });
        expect(stale.status).toBe(409);

        for (const [key, f] of statusFields(def)) {
          if (f.kind !== 'enum') continue;
          const next = f.values.find((v) => v !== updated.body.data[key])!;
          const s = await req<ResourceRow>('POST', `${base}/${a.id}/state`, { body: { field: key, value: next } });
          expect(s.status, JSON.stringify(s.body)).toBe(200);
          expect(s.body.data[key]).toBe(next);
          expect((await req('POST', `${base}/${a.id}/state`, { body: { field: key, value: next } })).status).toBe(409);
        }
        const notState = await req('POST', `${base}/${a.id}/state`, { body: { field: codeKey, value: 'x' } });
        expect(notState.status).toBe(400);

        const del = await req<{ deleted: number }>('DELETE', base, { body: { ids: [a.id, b!.id, c!.id] } });
        expect(del.status, JSON.stringify(del.body)).toBe(200);
        expect(del.body.data.deleted).toBe(3);
        expect((await req('GET', `${base}/${a.id}`)).status).toBe(404);
        expect((await page('size=5')).body.data.total).toBe(0);

        // Every write left its operation log row.
        const log = await h.database.db
          .selectFrom('operation_log')
          .select(['type', 'record_ids'])
          .where('resource', '=', def.name)
          .execute();
        const types = new Set(log.map((l) => l.type));
        for (const t of ['add', 'edit', 'delete', ...(statusFields(def).length ? ['state'] : [])])
          expect(types, t).toContain(t);
      });

      if (def.scope === 'shared') {
        it('is one table for every tenant: another tenant reads it but may not change it', async () => {
          const mine = await maker.create(def);
          expect((await req('GET', `${base}/${mine.id}`, { token: other, factory: otherFactory })).status).toBe(200);
          expect(
            (await req('PUT', `${base}/${mine.id}`, { token: other, factory: otherFactory, body: {} })).status,
          ).toBe(403);
          expect(
            (await req('DELETE', base, { token: other, factory: otherFactory, body: { ids: [mine.id] } })).status,
          ).toBe(403);
          expect(
            (await req('POST', base, { token: other, factory: otherFactory, body: await maker.values(def) })).status,
          ).toBe(403);
        });
      }

      // SECURITY-TESTS T1.4 (the same code in two tenants, no "already exists" across them) and T1.6 (factories).
      if (def.scope !== 'shared')
        it('keeps rows of another tenant and of another factory out of sight', async () => {
          const group = newGroup();
          const mine = await maker.create(def, { [def.codeField]: `${group}A` });
          const code = mine[def.codeField] as string;
          // Another tenant: nothing to see, change or delete; the same code is free there.
          const asOther = { token: other, factory: otherFactory };
          expect((await req('GET', `${base}/${mine.id}`, asOther)).status).toBe(404);
          expect((await req('PUT', `${base}/${mine.id}`, { ...asOther, body: {} })).status).toBe(404);
          expect((await req('DELETE', base, { ...asOther, body: { ids: [mine.id] } })).status).toBe(404);
          expect(
            (await req<Page<ResourceRow>>('GET', `${base}?${def.codeField}=${code}`, asOther)).body.data.total,
          ).toBe(0);
          const theirs = await makerOther.create(def, { [def.codeField]: code });
          expect(theirs.id).not.toBe(mine.id);
          for (const [key] of statusFields(def)) {
            expect(
              (
                await req('POST', `${base}/${mine.id}/state`, {
                  ...asOther,
                  body: { field: key, value: String(mine[key]) },
                })
              ).status,
            ).toBe(404);
          }
          if (factoryScoped) {
            const asB = { factory: factoryB };
            expect((await req('GET', `${base}/${mine.id}`, asB)).status).toBe(404);
            expect((await req('DELETE', base, { ...asB, body: { ids: [mine.id] } })).status).toBe(404);
            expect((await req<Page<ResourceRow>>('GET', `${base}?${def.codeField}=${code}`, asB)).body.data.total).toBe(
              0,
            );
            await makerB.create(def, { [def.codeField]: code });
            // A user of factory A only cannot look into factory B by naming it.
            const userOfA = without.get('import')!;
            expect((await req('GET', base, { token: userOfA })).status).toBe(200);
            const intoB = await req('GET', base, { token: userOfA, factory: factoryB });
            expect(intoB.status).toBe(403);
            expect((await req('GET', `${base}/${mine.id}`, { token: userOfA, factory: factoryB })).status).toBe(403);
            const noFactory = await req('GET', base, { factory: null });
            expect(noFactory.status).toBe(400);
            expect(noFactory.body.msg).toBeTruthy();
          }
          // A reference to a row of another scope is refused like a missing one.
          for (const [key, f] of refFields(def)) {
            const target = RESOURCES.find((r) => r.name === f.resource)!;
            if (target === def) continue;
            const foreign = await makerOther.sharedRow(f.resource);
            const foreignIds = [foreign.id];
            if (target.scope === 'factory' && factoryScoped) foreignIds.push((await makerB.sharedRow(f.resource)).id);
            for (const id of [...foreignIds, MISSING]) {
              const body = { ...(await maker.values(def)), [key]: f.kind === 'refs' ? [id] : id };
              const r = await req<ValidationErrorData>('POST', base, { body });
              expect(r.status, `${key} → ${id}`).toBe(400);
              expect(r.body.data.errors).toContainEqual(
                expect.objectContaining({ field: key, key: 'validation.reference' }),
              );
            }
          }
        });

      it('answers 403 for each verb the role lacks', async () => {
        const row = await maker.create(def);
        const check = async (verb: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
          const r = await req(method, url, { token: without.get(verb)!, body });
          expect(r.status, `${verb}: ${method} ${url}`).toBe(403);
        };
        await check('view', 'GET', base);
        await check('view', 'GET', `${base}/${row.id}`);
        await check('add', 'POST', base, await maker.values(def));
        await check('edit', 'PUT', `${base}/${row.id}`, {});
        await check('delete', 'DELETE', base, { ids: [row.id] });
        if (def.verbs.includes('import')) {
          await check('import', 'POST', `${base}/import`);
          await check('import', 'GET', `${base}/template`);
        } else {
          // A verb the resource does not offer has no route at all.
          expect((await req('GET', `${base}/template`)).status).toBe(404);
        }
        if (def.verbs.includes('export')) await check('export', 'GET', `${base}/export`);
        else expect((await req('GET', `${base}/export`)).status).toBe(404);
        for (const [key, f] of statusFields(def)) {
          if (f.kind !== 'enum') continue;
          const value = f.values.find((v) => v !== row[key])!;
          await check(stateVerbOf(f, value), 'POST', `${base}/${row.id}/state`, { field: key, value });
        }
        // The user without `delete` may still read: the denial is per verb.
        expect((await req('GET', `${base}/${row.id}`, { token: without.get('delete')! })).status).toBe(200);
        expect((await req('GET', base, { token: without.get('add')! })).status).toBe(200);
      });

      it('answers 409 for a duplicate unique value, on create and on update', async () => {
        const a = await maker.create(def);
        const b = await maker.create(def);
        for (const [key] of uniqueFields(def)) {
          const dup = await req<ConflictData>('POST', base, { body: { ...(await maker.values(def)), [key]: a[key] } });
          expect(dup.status, key).toBe(409);
          expect(dup.body.data).toEqual({ field: key, value: String(a[key]) });
          expect(dup.body.msg).toContain(String(a[key]));
          const upd = await req<ConflictData>('PUT', `${base}/${b.id}`, { body: { [key]: a[key] } });
          expect(upd.status, key).toBe(409);
        }
        // A race past the check still answers 409 (the unique constraint).
        const code = `${newGroup()}R`;
        const body = await maker.values(def, code);
        const both = await Promise.all([req('POST', base, { body }), req('POST', base, { body })]);
        expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      });

      it('answers 400 with field keys and messages naming the field', async () => {
        const r = await req<ValidationErrorData>('POST', base, { body: {}, lang: 'en' });
        expect(r.status).toBe(400);
        const required = Object.entries(def.fields).filter(
          ([, f]) => f.required && f.default === undefined && f.kind !== 'details',
        );
        for (const [key, f] of required) {
          const e = r.body.data.errors.find((x) => x.field === key);
          expect(e, key).toMatchObject({ key: 'validation.required' });
          const label = enLabel(f.label!);
          if (typeof label === 'string') expect(e!.message).toContain(label);
        }
        // A wrong kind of value in every field that can hold one.
        const bad = await maker.values(def);
        const wrong: Record<string, unknown> = {};
        for (const [key, f] of Object.entries(def.fields)) {
          if (f.serverSet) continue; // never read from a body
          if (f.kind === 'int' || f.kind === 'decimal') wrong[key] = 'abc';
          else if (f.kind === 'enum') wrong[key] = 'no-such-option';
          else if (f.kind === 'ref') wrong[key] = 'not-a-uuid';
          else if (f.kind === 'text' || f.kind === 'code') wrong[key] = 'x'.repeat(f.max + 1);
        }
        const r2 = await req<ValidationErrorData>('POST', base, { body: { ...bad, ...wrong }, lang: 'zh-CN' });
        expect(r2.status).toBe(400);
        expect([...new Set(r2.body.data.errors.map((e) => e.field))].sort()).toEqual(Object.keys(wrong).sort());
        for (const e of r2.body.data.errors) expect(e.message).not.toContain('{{');
      });

      it('ignores id, tenantId and factoryId in the body (no mass assignment)', async () => {
        const forged = '11111111-1111-4111-8111-111111111111';
        const body = {
          ...(await maker.values(def)),
          id: forged,
          tenantId: MISSING,
          tenant_id: MISSING,
          factoryId: factoryB,
          factory_id: factoryB,
          createdBy: MISSING,
        };
        const r = await req<ResourceRow>('POST', base, { body });
        expect(r.status).toBe(200);
        expect(r.body.data.id).not.toBe(forged);
        expect((await req('GET', `${base}/${r.body.data.id}`)).status).toBe(200);
        if (factoryScoped)
          expect((await req('GET', `${base}/${r.body.data.id}`, { factory: factoryB })).status).toBe(404);
        if (def.scope !== 'shared') {
          const row = await sql<{
            tenant_id: string;
          }>`select tenant_id from ${sql.table(def.table)} where id = ${r.body.data.id}`.execute(h.database.db);
          expect(row.rows[0]?.tenant_id).not.toBe(MISSING);
        }
        const upd = await req<ResourceRow>('PUT', `${base}/${r.body.data.id}`, {
          body: { id: forged, tenantId: MISSING, factoryId: factoryB },
        });
        expect(upd.status).toBe(200);
        expect(upd.body.data.id).toBe(r.body.data.id);
        // A state moves only through its own call and button (T2.5): an edit that names it changes nothing.
        for (const [key, f] of statusFields(def)) {
          if (f.kind !== 'enum') continue;
          const other = f.values.find((v) => v !== upd.body.data[key])!;
          const sneaky = await req<ResourceRow>('PUT', `${base}/${r.body.data.id}`, {
            token: (f.statusVerb && without.get(f.statusVerb)) || admin,
            body: { [key]: other },
          });
          expect(sneaky.status, `${key}: ${JSON.stringify(sneaky.body)}`).toBe(200);
          expect(sneaky.body.data[key], key).toBe(upd.body.data[key]);
        }
      });
    });
  }

  // Deleting a row another row refers to is refused, for every reference between definitions.
  for (const owner of RESOURCES) {
    for (const [key, f] of refFields(owner)) {
      const target = RESOURCES.find((r) => r.name === f.resource);
      // Link-table rows (a user's roles) go with either end; they do not hold a row back.
      if (!target || (f.kind === 'refs' && f.link)) continue;
      it(`refuses to delete a ${target.name} that a ${owner.name} refers to (${key})`, async () => {
        const t = await maker.create(target);
        const o = await maker.create(owner, { [key]: f.kind === 'refs' ? [t.id] : t.id });
        const free = await maker.create(target);
        const r = await req<ReferencedData>('DELETE', apiPath(target), { body: { ids: [free.id, t.id] } });
        expect(r.status).toBe(409);
        expect(r.body.data.references).toContainEqual({ resource: owner.name, count: 1 });
        // All or nothing: the unreferenced row of the same request is still there.
        expect((await req('GET', `${apiPath(target)}/${free.id}`)).status).toBe(200);
        expect((await req('DELETE', apiPath(owner), { body: { ids: [o.id] } })).status).toBe(200);
        expect((await req('DELETE', apiPath(target), { body: { ids: [free.id, t.id] } })).status).toBe(200);
      });
    }
  }

  it('offers the rows a reference may point at, in scope', async () => {
    const def = RESOURCES.find((d) =>
      refFields(d).some(([, f]) => RESOURCES.find((r) => r.name === f.resource)?.scope === 'factory'),
    )!;
    const [key, f] = refFields(def).find(
      ([, rf]) => RESOURCES.find((r) => r.name === rf.resource)?.scope === 'factory',
    )!;
    const target = RESOURCES.find((r) => r.name === f.resource)!;
    const mine = await maker.create(target);
    const theirs = await makerB.create(target);
    const r = await req<{ id: string; code: string; name: string }[]>(
      'GET',
      `${apiPath(def)}/options/${key}?q=${mine[target.codeField]}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.map((o) => o.id)).toEqual([mine.id]);
    const byIds = await req<{ id: string }[]>('GET', `${apiPath(def)}/options/${key}?ids=${mine.id},${theirs.id}`);
    expect(byIds.body.data.map((o) => o.id)).toEqual([mine.id]);
    expect((await req('GET', `${apiPath(def)}/options/code`)).status).toBe(404);
  });

  it("offers a dictionary field the items of the tenant's own dictionary, with the screen's permission", async () => {
    const def = RESOURCES.find((d) => d.name === 'customer')!;
    const db = h.database.db;
    const acme = await db.selectFrom('tenant').select('id').where('code', '=', 'acme').executeTakeFirstOrThrow();
    const acmeDict = await db
      .selectFrom('dict')
      .select('id')
      .where('tenant_id', '=', acme.id)
      .where('type', '=', 'customer_category')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('dict_item')
      .values({ tenant_id: acme.id, dict_id: acmeDict.id, value: 'acme-only', label: 'Acme only', sort: 99 })
      .execute();
    const demoValues = (
      await db
        .selectFrom('dict_item as i')
        .innerJoin('dict as d', 'd.id', 'i.dict_id')
        .select('i.value')
        .where('d.type', '=', 'customer_category')
        .where('d.tenant_id', '<>', acme.id)
        .orderBy('i.sort')
        .execute()
    ).map((r) => r.value);
    // A user without any view code (the dictionaries screen's included) still fills the add form's select.
    const r = await req<{ id: string; code: string; name: string }[]>(
      'GET',
      `${apiPath(def)}/options/category?size=100`,
      { token: without.get('view')! },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.map((o) => o.code)).toEqual(demoValues);
    const q = await req<{ code: string }[]>(
      'GET',
      `${apiPath(def)}/options/category?q=${encodeURIComponent(demoValues[0]!)}`,
    );
    expect(q.body.data.map((o) => o.code)).toContain(demoValues[0]);
    const theirs = await req<{ code: string }[]>('GET', `${apiPath(def)}/options/category`, {
      token: other,
      factory: otherFactory,
    });
    expect(theirs.body.data.map((o) => o.code)).toContain('acme-only');
  });

  it('has the indexes every list needs: display field and equality search fields within the scope', async () => {
    const rows = await sql<{ table: string; columns: string[] }>`
      select t.relname as table, array(select a.attname::text from unnest(i.indkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n order by k.o) as columns
      from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace ns on ns.oid = t.relnamespace where ns.nspname = 'public'`.execute(
      h.database.db,
    );
    const missing: string[] = [];
    for (const def of RESOURCES) {
      const scope = def.scope === 'factory' ? ['tenant_id', 'factory_id'] : def.scope === 'tenant' ? ['tenant_id'] : [];
      const wanted = new Set<string>();
      if (def.displayField !== def.codeField) wanted.add(def.fields[def.displayField]!.column!);
      for (const [, f] of searchFields(def))
        if (['enum', 'dict', 'bool', 'ref'].includes(f.kind)) wanted.add(f.column!);
      for (const col of wanted) {
        const ok = rows.rows.some((r) => r.table === def.table && [...scope, col].every((c, i) => r.columns[i] === c));
        if (!ok) missing.push(`${def.table} (${[...scope, col].join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('publishes every route in the OpenAPI document', async () => {
    const doc = await call<unknown>(h.app, 'GET', '/api/docs/json');
    const paths = (doc.res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const def of RESOURCES) {
      const p = apiPath(def);
      expect(Object.keys(paths[p] ?? {}).sort(), p).toEqual(['delete', 'get', 'post']);
      const io = [
        ...(def.verbs.includes('import') ? ['/import', '/import/jobs/{id}', '/import/report/{id}', '/template'] : []),
        ...(def.verbs.includes('export') ? ['/export'] : []),
      ];
      for (const sub of ['/{id}', '/{id}/state', '/options/{field}', ...io]) {
        expect(paths[`${p}${sub}`], `${p}${sub}`).toBeDefined();
      }
    }
  });
});
