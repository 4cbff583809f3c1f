/**
 * The audit trail (issue 25): every write of the resource engine leaves exactly its field-level
 * history entry in the same transaction; the tenant's chain verifies and names the first entry
 * edited, deleted or reordered directly in the database; history is append-only for the serving
 * role and invisible to other tenants.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordKey } from '../../server/audit/batch';
import { importKeysSettling } from '../../server/audit/settle';
import type { AuditHistory, AuditVerify } from '../../model/audit';
import { apiPath, type ImportResult, type ResourceRow } from '../../model/engine';
import { unit, user } from '../../model/resources';
import { APP_ROLE, withTenant } from '../../server/db/tenant-scope';
import { writeHistory, systemActor } from '../../server/audit/write';
import { verifyChain } from '../../server/audit/verify';
import { RetentionRefused, maintainAuditTrail, makePartitions, setRetention } from '../../server/audit/maintain';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const ROOT = resolve(import.meta.dirname, '../..');

describe.each(DIALECTS)('audit trail (%s)', (kind) => {
  let h: Harness;
  let tenantId: string;
  let otherTenant: string;
  let admin: string;
  let clerk: string; // may edit units, holds no audit permission
  let factory: string;

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token = admin,
    extra: Record<string, string> = {},
  ) => call(h.app, method, url, { token, body, headers: { 'x-factory-id': factory, ...extra } });
  const history = async (entity: string, id: string, token = admin) => {
    const r = await api('GET', `/api/platform-system/audit/${entity}/${id}`, undefined, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.data as AuditHistory).items;
  };
  const entriesOf = (entity: string, id: string) =>
    h.database.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('entity', '=', entity)
      .where('record_id', '=', id)
      .orderBy('seq')
      .execute();
  const verify = () => verifyChain(h.database.db, tenantId);

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    factory = (
      await db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).id;
    admin = await loginToken(h.app, 'demo', 'admin');
    const role = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, code: 'unit_editor', name: 'Unit editor' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menus = await db
      .selectFrom('menu')
      .select('id')
      .where('perms', 'in', ['basic:unit:view', 'basic:unit:edit'])
      .execute();
    await db
      .insertInto('role_menu')
      .values(menus.map((m) => ({ tenant_id: tenantId, role_id: role.id, menu_id: m.id })))
      .execute();
    await createUser(db, {
      tenantId,
      account: 'unit.clerk',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['unit_editor'],
      factoryIds: [factory],
    });
    clerk = await loginToken(h.app, 'demo', 'unit.clerk');
    otherTenant = (await createTenant(db, { code: 'other', name: 'Other', adminPassword: PASSWORD })).tenantId;
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('makes monthly partitions ahead and a default one', async () => {
    const parts = (
      await sql<{
        name: string;
      }>`select inhrelid::regclass::text as name from pg_inherits where inhparent = 'audit_entry'::regclass order by 1`.execute(
        h.database.db,
      )
    ).rows.map((r) => r.name);
    const now = new Date();
    const month = (i: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
      return `audit_entry_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(parts).toEqual(expect.arrayContaining(['audit_entry_default', month(0), month(1), month(2), month(3)]));
    const where = await sql<{
      part: string;
    }>`select tableoid::regclass::text as part from audit_entry where tenant_id = ${tenantId} order by seq desc limit 1`.execute(
      h.database.db,
    );
    // The seed wrote no history through the API; a later test's entries land in this month's partition.
    expect(where.rows.every((r) => r.part === month(0))).toBe(true);
  });

  it('writes one entry per engine create, update, state change and delete, with the changed fields only', async () => {
    const created = await api(
      'POST',
      apiPath(unit),
      { code: 'AUD-U1', name: 'Kilogram', type: 'weight', accuracy: 3 },
      admin,
      { 'x-operation-id': 'menu-unit' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const row = created.body.data as ResourceRow;
    let items = await history('unit', row.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      action: 'create',
      entity: 'unit',
      recordId: row.id,
      recordCode: 'AUD-U1',
      userName: 'admin',
      operationId: 'menu-unit',
      importJobId: null,
      signature: null,
      factoryId: null,
    });
    expect(items[0]!.ip).toBeTruthy();
    expect(items[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'code', before: null, after: 'AUD-U1' },
        { field: 'name', before: null, after: 'Kilogram' },
        { field: 'type', before: null, after: 'weight' },
        { field: 'accuracy', before: null, after: 3 },
      ]),
    );

    const updated = await api('PUT', `${apiPath(unit)}/${row.id}`, { name: 'Kilogramme', accuracy: 3 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    items = await history('unit', row.id);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'name', before: 'Kilogram', after: 'Kilogramme' }],
    });

    // An update that changes nothing leaves no entry.
    expect((await api('PUT', `${apiPath(unit)}/${row.id}`, { name: 'Kilogramme' })).status).toBe(200);
    expect(await history('unit', row.id)).toHaveLength(2);

    const removed = await api('DELETE', apiPath(unit), { ids: [row.id] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    items = await history('unit', row.id);
    expect(items.map((i) => i.action)).toEqual(['delete', 'update', 'create']);
    expect(items[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Kilogramme', after: null },
        { field: 'code', before: 'AUD-U1', after: null },
      ]),
    );
    expect(await verify()).toMatchObject({ ok: true, firstBroken: null });
  });

  it('records a state change, and never a password: only that it changed', async () => {
    const made = await api('POST', apiPath(user), {
      account: 'aud.user',
      nickname: 'Aud',
      password: 'Secret.123',
      type: 'staff',
      roles: [],
      factories: [factory],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = (made.body.data as ResourceRow).id;
    expect((await api('PUT', `${apiPath(user)}/${id}`, { nickname: 'Aud 2', password: 'Other.456' })).status).toBe(200);
    expect((await api('POST', `${apiPath(user)}/${id}/state`, { field: 'status', value: 'disabled' })).status).toBe(
      200,
    );
    const items = await history('app-user', id);
    expect(items.map((i) => i.action)).toEqual(['state', 'update', 'create']);
    expect(items[0]!.changes).toEqual([{ field: 'status', before: 'enabled', after: 'disabled' }]);
    expect(items[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'nickname', before: 'Aud', after: 'Aud 2' },
        { field: 'password', before: null, after: null, secret: true },
      ]),
    );
    expect(items[2]!.changes).toEqual(
      expect.arrayContaining([{ field: 'password', before: null, after: null, secret: true }]),
    );
    const raw = await sql<{
      text: string;
    }>`select changes::text as text from audit_entry where tenant_id = ${tenantId} and record_id = ${id}`.execute(
      h.database.db,
    );
    const hash = (
      await h.database.db.selectFrom('app_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()
    ).password_hash;
    for (const r of raw.rows) {
      expect(r.text).not.toContain('Secret.123');
      expect(r.text).not.toContain('Other.456');
      expect(r.text).not.toContain(hash);
    }
  });

  it('leaves no entry when the change rolls back', async () => {
    const before = await h.database.db
      .selectFrom('audit_entry')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    // A duplicate code fails inside the write's transaction (the unique index), after the row was tried.
    const a = await api('POST', apiPath(unit), { code: 'AUD-DUP', name: 'One', type: 'quantity', accuracy: 0 });
    expect(a.status).toBe(200);
    await expect(
      h.database.db.transaction().execute(async (trx) => {
        await writeHistory(trx, systemActor(tenantId), [
          {
            action: 'update',
            entity: 'unit',
            recordId: 'rolled-back',
            changes: [{ field: 'name', before: 'x', after: 'y' }],
          },
        ]);
        throw new Error('the change fails after its history was written');
      }),
    ).rejects.toThrow(/fails/);
    expect(await entriesOf('unit', 'rolled-back')).toEqual([]);
    const dup = await api('POST', apiPath(unit), { code: 'AUD-DUP', name: 'Two', type: 'quantity', accuracy: 0 });
    expect(dup.status).toBe(409);
    const after = await h.database.db
      .selectFrom('audit_entry')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect((await verify()).ok).toBe(true);
  });

  it('ties the entries of an import of 1,000 rows to the import', async () => {
    const rows: (string | number)[][] = [['Code', 'Name', 'Type', 'Accuracy']];
    for (let i = 0; i < 1000; i++) rows.push([`AUD-IMP-${String(i).padStart(4, '0')}`, `Imported ${i}`, 'Quantity', 0]);
    const file = await xlsx(rows);
    const boundary = '----auditImport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="units.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: `${apiPath(unit)}/import`,
      payload,
      headers: {
        authorization: `Bearer ${admin}`,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-factory-id': factory,
      },
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const result = (res.json() as { data: ImportResult }).data;
    expect(result).toMatchObject({ inserted: 1000, updated: 0 });
    expect(result.importId).toBeTruthy();
    // One entry per record, as the audit screen lists them; kept as few rows of chunks (migration 037).
    const tied = (
      await sql<{
        action: string;
        record_code: string;
        entity: string;
        record_id: string;
      }>`select action, record_code, entity, record_id from audit_trail
      where tenant_id = ${tenantId} and import_job_id = ${result.importId!}`.execute(h.database.db)
    ).rows;
    expect(tied).toHaveLength(1000);
    const stored = await h.database.db
      .selectFrom('audit_entry')
      .select(['id', 'batch'])
      .where('tenant_id', '=', tenantId)
      .where('import_job_id', '=', result.importId!)
      .orderBy('seq')
      .execute();
    expect(stored.length).toBeLessThanOrEqual(2);
    expect(stored.flatMap((r) => (JSON.parse(r.batch!) as { ids: string[] }).ids).sort()).toEqual(
      tied.map((t) => t.record_id).sort(),
    );
    expect(new Set(tied.map((t) => t.action))).toEqual(new Set(['import']));
    expect(new Set(tied.map((t) => t.record_code))).toEqual(new Set(rows.slice(1).map((r) => r[0])));
    const unitId = (
      await sql<{ id: string }>`select id from unit where tenant_id = ${tenantId} and code = 'AUD-IMP-0007'`.execute(
        h.database.db,
      )
    ).rows[0]!.id;
    const one = (await history('unit', unitId))[0]!;
    expect(one).toMatchObject({ action: 'import', importJobId: result.importId });
    expect(one.changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Imported 7' }]));
    expect(one.recordCode).toBe('AUD-IMP-0007');
    // The chunks naming a record are found for its own tenant only, whatever tenant is asked for.
    const seqsAs = (as: string) =>
      withTenant(as, () =>
        sql<{ s: string }>`select audit_batch_seqs(${tenantId}::uuid, 'unit', ${recordKey(unitId)}) as s`.execute(
          h.database.db,
        ),
      );
    expect((await seqsAs(tenantId)).rows).toHaveLength(1);
    expect((await seqsAs(otherTenant)).rows).toEqual([]);
    // The audit screen shows the same entry, under the same id.
    const listed = (
      await sql<{
        id: string;
        changes: string;
      }>`select id, changes from audit_trail where tenant_id = ${tenantId} and record_id = ${unitId}`.execute(
        h.database.db,
      )
    ).rows;
    expect(listed.map((r) => r.id)).toEqual([one.id]);
    expect(JSON.parse(listed[0]!.changes)).toEqual(one.changes);
    expect((await verify()).ok).toBe(true);

    // A record's values edited inside the chunk's row, or another record's id put in its place, break the chain there.
    const row = stored[0]!;
    const original = await sql<{
      batch: string;
      record_keys: number[];
    }>`select batch, record_keys from audit_entry where tenant_id = ${tenantId} and id = ${row.id}`.execute(
      h.database.db,
    );
    await sql`update audit_entry set batch = jsonb_set(batch::jsonb, '{records,7,2,1}', '"Forged 7"')::text where tenant_id = ${tenantId} and id = ${row.id}`.execute(
      h.database.db,
    );
    expect((await history('unit', unitId))[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'name', before: null, after: 'Forged 7' }]),
    );
    expect(await verify()).toMatchObject({ ok: false, firstBroken: { id: row.id, reason: 'hash' } });
    await sql`update audit_entry set batch = ${original.rows[0]!.batch} where tenant_id = ${tenantId} and id = ${row.id}`.execute(
      h.database.db,
    );
    const ids = (JSON.parse(original.rows[0]!.batch) as { ids: string[] }).ids;
    await sql`update audit_entry set batch = replace(batch, ${ids[7]!}, ${ids[9]!}) where tenant_id = ${tenantId} and id = ${row.id}`.execute(
      h.database.db,
    );
    expect(await verify()).toMatchObject({ ok: false, firstBroken: { id: row.id, reason: 'hash' } });
    await sql`update audit_entry set batch = ${original.rows[0]!.batch} where tenant_id = ${tenantId} and id = ${row.id}`.execute(
      h.database.db,
    );
    // Its index keys changed, the record's history would miss the entry: that too is named.
    await sql`update audit_entry set record_keys[8] = record_keys[8] + 1 where tenant_id = ${tenantId} and id = ${row.id}`.execute(
      h.database.db,
    );
    expect(await verify()).toMatchObject({ ok: false, firstBroken: { id: row.id, reason: 'hash' } });
    await sql`update audit_entry set record_keys = ${original.rows[0]!.record_keys}::int4[] where tenant_id = ${tenantId} and id = ${row.id}`.execute(
      h.database.db,
    );
    expect((await verify()).ok).toBe(true);

    // Imported again with a new name: the entry holds the name before and after, and only what changed.
    const again = await xlsx([
      ['Code', 'Name', 'Type', 'Accuracy'],
      ['AUD-IMP-0007', 'Renamed 7', 'Quantity', 0],
    ]);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="units.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      again,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res2 = await h.app.inject({
      method: 'POST',
      url: `${apiPath(unit)}/import`,
      payload: body,
      headers: {
        authorization: `Bearer ${admin}`,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-factory-id': factory,
      },
    });
    expect((res2.json() as { data: ImportResult }).data).toMatchObject({ inserted: 0, updated: 1 });
    const [latest, first] = await history('unit', unitId);
    expect(latest).toMatchObject({
      action: 'import',
      recordCode: 'AUD-IMP-0007',
      changes: [{ field: 'name', before: 'Imported 7', after: 'Renamed 7' }],
    });
    expect(first!.id).toBe(one.id);
    const listedAgain = (
      await sql<{
        id: string;
        changes: string;
      }>`select id, changes from audit_trail where tenant_id = ${tenantId} and record_id = ${unitId} order by seq desc`.execute(
        h.database.db,
      )
    ).rows;
    expect(listedAgain.map((r) => [r.id, JSON.parse(r.changes)])).toEqual([
      [latest!.id, latest!.changes],
      [one.id, one.changes],
    ]);
    expect((await verify()).ok).toBe(true);
  });

  it("merges an import's record keys into the history index after the import commits, not in a later import's statements", async () => {
    const db = h.database.db;
    const rows: (string | number)[][] = [['Code', 'Name', 'Type', 'Accuracy']];
    for (let i = 0; i < 300; i++) rows.push([`AUD-KEY-${String(i).padStart(4, '0')}`, `Keyed ${i}`, 'Quantity', 0]);
    const boundary = '----auditKeys';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="units.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      await xlsx(rows),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: `${apiPath(unit)}/import`,
      payload,
      headers: {
        authorization: `Bearer ${admin}`,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-factory-id': factory,
      },
    });
    expect((res.json() as { data: ImportResult }).data).toMatchObject({ inserted: 300 });
    // Partitions made while the merge runs (as the maintenance makes them) wait for it or it for them: no deadlock.
    await sql`do $$ declare m timestamp; begin
      for i in 1..6 loop
        m := date_trunc('month', now() at time zone 'UTC') - make_interval(months => 24 + i);
        execute format('create table %I partition of audit_entry for values from (%L) to (%L)', 'audit_entry_' || to_char(m, 'YYYY_MM'), m at time zone 'UTC', (m + interval '1 month') at time zone 'UTC');
      end loop; end $$`.execute(db);
    await importKeysSettling(db);
    await sql`do $$ declare r record; begin
      for r in select inhrelid::regclass::text as t from pg_inherits where inhparent = 'audit_entry'::regclass and inhrelid::regclass::text < 'audit_entry_' || to_char(now() - interval '24 months', 'YYYY_MM') loop
        execute 'drop table ' || r.t;
      end loop; end $$`.execute(db);
    // Each partition's index takes a pending list large enough that an import never merges it itself …
    const limits = await sql<{
      name: string;
      options: string[] | null;
    }>`select c.relname as name, c.reloptions as options from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'audit_entry_batch_idx'::regclass`.execute(db);
    expect(limits.rows.length).toBeGreaterThanOrEqual(5);
    for (const r of limits.rows) expect(r.options ?? [], r.name).toContain('gin_pending_list_limit=16384');
    // … and once the import has committed, the server has merged it: nothing is left pending.
    await importKeysSettling(db);
    const pending = await sql<{
      pages: string;
    }>`select coalesce(sum(gin_clean_pending_list(inhrelid::regclass)), 0)::text as pages
      from pg_inherits where inhparent = 'audit_entry_batch_idx'::regclass`.execute(db);
    expect(Number(pending.rows[0]!.pages)).toBe(0);
    // The record is found through the merged index.
    const unitId = (
      await sql<{ id: string }>`select id from unit where tenant_id = ${tenantId} and code = 'AUD-KEY-0042'`.execute(db)
    ).rows[0]!.id;
    expect((await history('unit', unitId))[0]).toMatchObject({ action: 'import', recordCode: 'AUD-KEY-0042' });
    // A partition made later gets the same list.
    await sql`drop table if exists audit_entry_2099_01`.execute(db);
    await sql`create table audit_entry_2099_01 partition of audit_entry for values from ('2099-01-01') to ('2099-02-01')`.execute(
      db,
    );
    await makePartitions(db);
    const later = await sql<{
      options: string[] | null;
    }>`select c.reloptions as options from pg_inherits i join pg_class c on c.oid = i.inhrelid
      join pg_index x on x.indexrelid = c.oid where i.inhparent = 'audit_entry_batch_idx'::regclass and x.indrelid = 'audit_entry_2099_01'::regclass`.execute(
      db,
    );
    expect(later.rows[0]?.options ?? []).toContain('gin_pending_list_limit=16384');
    await sql`drop table audit_entry_2099_01`.execute(db);
  });

  it("shows a tenant's history to that tenant only (the route and row-level security)", async () => {
    const made = await api('POST', apiPath(unit), { code: 'AUD-MINE', name: 'Mine', type: 'quantity', accuracy: 0 });
    const id = (made.body.data as ResourceRow).id;
    const other = await loginToken(h.app, 'other', 'admin');
    const otherFactory = (
      await h.database.db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', otherTenant)
        .executeTakeFirstOrThrow()
    ).id;
    const seen = await call(h.app, 'GET', `/api/platform-system/audit/unit/${id}`, {
      token: other,
      headers: { 'x-factory-id': otherFactory },
    });
    expect(seen.status).toBe(200);
    expect((seen.body.data as AuditHistory).items).toEqual([]);
    const viaRls = await withTenant(otherTenant, () =>
      h.database.db.selectFrom('audit_entry').select('tenant_id').where('record_id', '=', id).execute(),
    );
    expect(viaRls).toEqual([]);
    const all = await withTenant(otherTenant, () =>
      sql<{ tenant_id: string }>`select distinct tenant_id from audit_entry`.execute(h.database.db),
    );
    for (const r of all.rows) expect(r.tenant_id).toBe(otherTenant);
    // Its own verification checks its own chain only.
    const v = await call(h.app, 'POST', '/api/platform-system/audit/verify', { token: other, body: {} });
    expect(v.status).toBe(200);
    expect((v.body.data as AuditVerify).ok).toBe(true);
  });

  it('guards the history and verify routes with their permission codes', async () => {
    const made = await api('POST', apiPath(unit), { code: 'AUD-WALL', name: 'Wall', type: 'quantity', accuracy: 0 });
    const id = (made.body.data as ResourceRow).id;
    expect((await api('GET', `/api/platform-system/audit/unit/${id}`, undefined, clerk)).status).toBe(403);
    expect((await api('POST', '/api/platform-system/audit/verify', {}, clerk)).status).toBe(403);
    expect(
      (await api('GET', `${apiPath({ service: 'platform-system', name: 'audit-trail' })}`, undefined, clerk)).status,
    ).toBe(403);
    // The history permission alone does not show a kind of record the user may not view.
    const historyMenu = await h.database.db
      .selectFrom('menu')
      .select('id')
      .where('perms', '=', 'log:audit-trail:history')
      .executeTakeFirstOrThrow();
    const editor = await h.database.db
      .selectFrom('role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('code', '=', 'unit_editor')
      .executeTakeFirstOrThrow();
    await h.database.db
      .insertInto('role_menu')
      .values({ tenant_id: tenantId, role_id: editor.id, menu_id: historyMenu.id })
      .execute();
    expect((await api('GET', `/api/platform-system/audit/unit/${id}`, undefined, clerk)).status).toBe(200);
    expect((await api('GET', `/api/platform-system/audit/customer/${id}`, undefined, clerk)).status).toBe(403);
    expect((await api('GET', `/api/platform-system/audit/dict/${id}`, undefined, clerk)).status).toBe(403);
    // The clerk's own edit is still recorded, under the clerk's name.
    expect((await api('PUT', `${apiPath(unit)}/${id}`, { name: 'Wall 2' }, clerk)).status).toBe(200);
    expect((await history('unit', id))[0]).toMatchObject({ action: 'update', userName: 'unit.clerk' });
  });

  it('lists the tenant-wide trail as an engine resource with filters', async () => {
    const r = await api('GET', `/api/platform-system/audit-trail?action=import&size=5`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const page = r.body.data as { records: ResourceRow[]; total: number };
    expect(page.total).toBeGreaterThanOrEqual(1000);
    expect(page.records.every((x) => x.action === 'import' && x.entity === 'unit')).toBe(true);
    const byUser = await api('GET', `/api/platform-system/audit-trail?userName=unit.clerk`);
    expect((byUser.body.data as { records: ResourceRow[] }).records.map((x) => x.userName)).toEqual(['unit.clerk']);
  });

  it("removes entries past a tenant's retention (never below its legal minimum) and verifies from the first kept one", async () => {
    const db = h.database.db;
    const keep = (await createTenant(db, { code: 'keeper', name: 'Keeper', adminPassword: PASSWORD })).tenantId;
    const entries = Array.from({ length: 5 }, (_, i) => ({
      action: 'update' as const,
      entity: 'unit',
      recordId: `kept-${i}`,
      changes: [{ field: 'name', before: `${i}`, after: `${i + 1}` }],
    }));
    for (const e of entries) await db.transaction().execute((trx) => writeHistory(trx, systemActor(keep), [e]));
    const seqs = (
      await db.selectFrom('audit_entry').select('seq').where('tenant_id', '=', keep).orderBy('seq').execute()
    ).map((r) => Number(r.seq));
    // The oldest three were written 14 months ago (moved back as the owner, the way time would).
    await sql`update audit_entry set at = at - interval '14 months' where tenant_id = ${keep} and seq <= ${seqs[2]!}`.execute(
      db,
    );
    await expect(setRetention(db, keep, 3, 6)).rejects.toThrow(RetentionRefused);
    await expect(
      sql`insert into audit_retention (tenant_id, months, legal_min_months) values (${keep}, 3, 6)`.execute(db),
    ).rejects.toThrow(/check/i);
    await setRetention(db, keep, 12, 6);
    const done = await maintainAuditTrail(db);
    expect(done.removed).toBe(3);
    // The setting itself left an entry (entity `audit-retention`), after the kept ones.
    expect(
      (
        await db.selectFrom('audit_entry').select('record_id').where('tenant_id', '=', keep).orderBy('seq').execute()
      ).map((r) => r.record_id),
    ).toEqual(['kept-3', 'kept-4', keep]);
    expect(await verifyChain(db, keep)).toEqual({ ok: true, checked: 3, firstBroken: null });
    // Another tenant's history is untouched, and its chain still verifies.
    expect((await verify()).ok).toBe(true);
    // Deleting the oldest kept entry is still a gap: retention moved the anchor, nothing else.
    await sql`delete from audit_entry where tenant_id = ${keep} and record_id = 'kept-3'`.execute(db);
    expect((await verifyChain(db, keep)).firstBroken).toMatchObject({ reason: 'gap' });
  });

  it('verifies through the route, then detects an edited, a deleted and a reordered entry', async () => {
    const ok = await api('POST', '/api/platform-system/audit/verify', {});
    expect(ok.status).toBe(200);
    const good = ok.body.data as AuditVerify;
    expect(good).toMatchObject({ ok: true, firstBroken: null });
    expect(good.checked).toBeGreaterThan(1000);

    const db = h.database.db;
    const pick = async (n: number) =>
      await db
        .selectFrom('audit_entry')
        .select(['id', 'seq', 'changes'])
        .where('tenant_id', '=', tenantId)
        .orderBy('seq')
        .offset(n)
        .limit(1)
        .executeTakeFirstOrThrow();

    // Edited: a value changed afterwards, as the owner.
    const edited = await pick(3);
    const original = JSON.stringify(edited.changes);
    await sql`update audit_entry set changes = ${JSON.stringify([{ field: 'name', before: 'forged', after: 'forged' }])}::jsonb where tenant_id = ${tenantId} and id = ${edited.id}`.execute(
      db,
    );
    let v = (await api('POST', '/api/platform-system/audit/verify', {})).body.data as AuditVerify;
    expect(v).toMatchObject({ ok: false, firstBroken: { id: edited.id, seq: Number(edited.seq), reason: 'hash' } });
    await sql`update audit_entry set changes = ${original}::jsonb where tenant_id = ${tenantId} and id = ${edited.id}`.execute(
      db,
    );
    expect((await verify()).ok).toBe(true);

    // Reordered: two neighbours swap places.
    const a = await pick(5);
    const b = await pick(6);
    await sql`update audit_entry set seq = case when id = ${a.id} then ${b.seq}::bigint else ${a.seq}::bigint end where tenant_id = ${tenantId} and id in (${a.id}, ${b.id})`.execute(
      db,
    );
    v = await verify();
    expect(v).toMatchObject({ ok: false, firstBroken: { id: b.id, seq: Number(a.seq), reason: 'order' } });
    await sql`update audit_entry set seq = case when id = ${a.id} then ${a.seq}::bigint else ${b.seq}::bigint end where tenant_id = ${tenantId} and id in (${a.id}, ${b.id})`.execute(
      db,
    );
    expect((await verify()).ok).toBe(true);

    // Deleted: a gap in the sequence, named at the entry after it.
    const gone = await pick(8);
    const next = await pick(9);
    await sql`delete from audit_entry where tenant_id = ${tenantId} and id = ${gone.id}`.execute(db);
    v = await verify();
    expect(v).toMatchObject({ ok: false, firstBroken: { id: next.id, seq: Number(next.seq), reason: 'gap' } });
  });

  it.skipIf(kind === 'pglite')(
    'names the broken entry from `npm run audit:verify` (PostgreSQL: the script opens the database itself, which an in-memory PGlite cannot share)',
    async () => {
      const run = (args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'server/audit/cli.ts', 'verify', ...args], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: h.config.databaseUrl!, LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const broken = run(['--tenant', 'demo']);
      expect(broken.status, broken.stderr).toBe(1);
      expect(broken.stdout).toMatch(/^demo: BROKEN at entry [0-9a-f-]{36} \(sequence \d+\): gap/);
      const fine = run(['--tenant', 'other']);
      expect(fine.status, fine.stderr).toBe(0);
      expect(fine.stdout).toMatch(/^other: ok, \d+ entries/);
    },
  );

  it('refuses UPDATE and DELETE of history to the serving role', async () => {
    const db = h.database.db;
    const who = await withTenant(tenantId, () => sql<{ who: string }>`select current_user as who`.execute(db));
    expect(who.rows[0]!.who).toBe(APP_ROLE);
    await expect(
      withTenant(tenantId, () =>
        sql`update audit_entry set user_name = 'forged' where tenant_id = ${tenantId}`.execute(db),
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      withTenant(tenantId, () => sql`delete from audit_entry where tenant_id = ${tenantId}`.execute(db)),
    ).rejects.toThrow(/permission denied/);
    const part = (
      await sql<{
        name: string;
      }>`select inhrelid::regclass::text as name from pg_inherits where inhparent = 'audit_entry'::regclass limit 1`.execute(
        db,
      )
    ).rows[0]!.name;
    await expect(withTenant(tenantId, () => sql`delete from ${sql.table(part)}`.execute(db))).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      withTenant(tenantId, () =>
        sql`update audit_chain set kept_from_seq = 100 where tenant_id = ${tenantId}`.execute(db),
      ),
    ).rejects.toThrow(/permission denied/);
    // It may still append, which is how every request writes.
    await withTenant(tenantId, () =>
      db
        .transaction()
        .execute((trx) =>
          writeHistory(trx, systemActor(tenantId), [
            { action: 'update', entity: 'unit', recordId: 'as-app', changes: [] },
          ]),
        ),
    );
    expect(await entriesOf('unit', 'as-app')).toHaveLength(1);
  });
});
