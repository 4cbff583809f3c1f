import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../server/tenants/provision';
import type { AlarmFeed, AlarmItem } from '../../model/alarm';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf } from './seeded';

describe.each(DIALECTS)('alarms raised, fed and acknowledged [%s]', (kind) => {
  let h: Harness;
  let factoryA: string;
  let factoryB: string;
  let admin: string;
  let worker: string;
  let otherAdmin: string;
  let otherFactory: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    factoryA = await factoryIdOf(db, tenantId, 'F001');
    factoryB = (
      await db
        .insertInto('factory')
        .values({ tenant_id: tenantId, code: 'F9', name: 'Second plant' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await createUser(db, {
      tenantId,
      account: 'line.worker',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
      factoryIds: [factoryA],
    });
    const other = await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    otherFactory = other.factoryId;
    admin = await loginToken(h.app, 'demo', 'admin');
    worker = await loginToken(h.app, 'demo', 'line.worker');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const raise = (token: string, factoryId: string | null, body: Record<string, unknown>, lang = 'en') =>
    call<AlarmItem>(h.app, 'POST', '/api/platform-system/alarm/raise', {
      token,
      lang,
      body,
      headers: factoryId ? { 'x-factory-id': factoryId } : {},
    });
  const feed = (token: string, factoryId: string, after?: string) =>
    call<AlarmFeed>(h.app, 'GET', `/api/platform-system/alarm/feed${after ? `?after=${after}` : ''}`, {
      token,
      headers: { 'x-factory-id': factoryId },
    });
  const alarm = (number: string, extra: Record<string, unknown> = {}) => ({
    number,
    type: 'andon',
    sourceSystem: 'ANDON',
    sourceNumber: 'L1-07',
    description: `Line 1 stopped (${number})`,
    level: 'critical',
    ...extra,
  });

  it('feeds only what is new since the cursor, per factory, with the unacknowledged count', async () => {
    const start = await feed(worker, factoryA);
    expect(start.status).toBe(200);
    expect(start.body.data.records).toEqual([]);
    const cursor = start.body.data.cursor;

    expect((await raise(admin, factoryA, alarm('A-1'))).status).toBe(200);
    expect((await raise(admin, factoryB, alarm('B-1'))).status).toBe(200);
    // By factory code instead of the header.
    expect((await raise(admin, null, alarm('A-2', { factoryCode: 'F001', level: 'warning' }))).status).toBe(200);

    const next = await feed(worker, factoryA, cursor);
    expect(next.body.data.records.map((a) => a.number)).toEqual(['A-1', 'A-2']);
    expect(next.body.data.unacknowledged).toBe(2);
    const again = await feed(worker, factoryA, next.body.data.cursor);
    expect(again.body.data.records).toEqual([]);
    expect(again.body.data.cursor).toBe(next.body.data.cursor);
  });

  it('refuses bad input naming the field, a duplicate number with 409, and an unknown factory code', async () => {
    const bad = await raise(admin, factoryA, { ...alarm('A-3'), description: '', level: 'apocalyptic' }, 'en');
    expect(bad.status).toBe(400);
    const fields = (bad.body.data as unknown as { errors: { field: string; message: string }[] }).errors;
    expect(fields.map((e) => e.field).sort()).toEqual(['description', 'level']);
    expect(fields.find((e) => e.field === 'description')?.message).toMatch(/Description/);
    const dup = await raise(admin, factoryA, alarm('A-1'));
    expect(dup.status).toBe(409);
    expect(dup.body.data).toEqual({ field: 'number', value: 'A-1' });
    const unknown = await raise(admin, null, alarm('X-1', { factoryCode: 'NOPE' }));
    expect(unknown.status).toBe(400);
  });

  it('lets only holders of the raise and handle codes raise and acknowledge', async () => {
    expect((await raise(worker, factoryA, alarm('W-1'))).status).toBe(403);
    const open = await call<{ records: AlarmItem[]; total: number }>(h.app, 'GET', '/api/platform-system/alarm/open', {
      token: worker,
      headers: { 'x-factory-id': factoryA },
    });
    const first = open.body.data.records[0]!;
    expect(
      (
        await call(h.app, 'POST', `/api/platform-system/alarm/${first.id}/acknowledge`, {
          token: worker,
          headers: { 'x-factory-id': factoryA },
        })
      ).status,
    ).toBe(403);
    const ack = await call<AlarmItem>(h.app, 'POST', `/api/platform-system/alarm/${first.id}/acknowledge`, {
      token: admin,
      headers: { 'x-factory-id': factoryA },
    });
    expect(ack.status).toBe(200);
    expect(ack.body.data.acknowledgedAt).not.toBeNull();
    const after = await call<{ total: number }>(h.app, 'GET', '/api/platform-system/alarm/open', {
      token: worker,
      headers: { 'x-factory-id': factoryA },
    });
    expect(after.body.data.total).toBe(open.body.data.total - 1);
  });

  it('keeps alarms inside their tenant and factory', async () => {
    const theirs = await raise(otherAdmin, otherFactory, alarm('A-1'));
    expect(theirs.status).toBe(200); // the same number in another tenant is no conflict
    const mine = await call<{ records: AlarmItem[] }>(h.app, 'GET', '/api/platform-system/alarm/open', {
      token: admin,
      headers: { 'x-factory-id': factoryA },
    });
    expect(mine.body.data.records.every((a) => a.id !== theirs.body.data.id)).toBe(true);
    expect(
      (
        await call(h.app, 'POST', `/api/platform-system/alarm/${theirs.body.data.id}/acknowledge`, {
          token: admin,
          headers: { 'x-factory-id': factoryA },
        })
      ).status,
    ).toBe(404);
    const b = (
      await call<{ records: AlarmItem[] }>(h.app, 'GET', '/api/platform-system/alarm/open', {
        token: admin,
        headers: { 'x-factory-id': factoryB },
      })
    ).body.data.records;
    expect(b.map((a) => a.number)).toEqual(['B-1']);
    expect(
      (
        await call(h.app, 'POST', `/api/platform-system/alarm/${b[0]!.id}/acknowledge`, {
          token: admin,
          headers: { 'x-factory-id': factoryA },
        })
      ).status,
    ).toBe(404);
  });
});
