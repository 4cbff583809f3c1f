/**
 * Issue 22: codes at the speed of the counter. Concurrent requests for one rule share one
 * transaction (one counter update, one audit insert), and across two API instances — each with its
 * own connection pool on PostgreSQL; on PGlite, one process, both on its one connection — N
 * parallel requests still receive distinct consecutive numbers with no gap. The serving role can
 * add to the audit of issued codes, not rewrite it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/tenant-scope';
import { DIALECTS, call, loginToken, secondServer, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const REQUESTS = 240;

describe.each(DIALECTS)('encoding rule: concurrent requests batched [%s]', (kind) => {
  let h: Harness;
  let second: Awaited<ReturnType<typeof secondServer>>;
  let token: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    second = await secondServer(h);
    token = await loginToken(h.app, 'demo', 'admin');
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  it(`${REQUESTS} parallel requests over two instances: distinct, consecutive, no gap, fewer transactions than requests`, async () => {
    const created = await call<{ id: string }>(h.app, 'POST', '/api/basic-system/encoding-rule', {
      token,
      body: {
        name: 'BATCHED',
        ruleType: 'base10',
        startCode: '000001',
        endCode: '999999',
        resetType: 'none',
        details: [
          { order: 1, paramType: 'fixed', value: 'Q' },
          { order: 2, paramType: 'system', parameter: 'serial' },
        ],
      },
    });
    expect(created.status).toBe(200);
    const ruleId = created.body.data.id;
    const counts = Array.from({ length: REQUESTS }, (_, i) => 1 + (i % 3));
    const total = counts.reduce((s, n) => s + n, 0);
    const answers = await Promise.all(
      counts.map(async (count, i) => {
        const app = i % 2 === 0 ? h.app : second.app;
        const r = await app.inject({
          method: 'POST',
          url: `/api/basic-system/encoding-rule/${ruleId}/generate`,
          headers: { authorization: `Bearer ${token}` },
          payload: { count },
        });
        expect(r.statusCode, r.body).toBe(200);
        return (r.json() as { data: { codes: string[]; firstOffset: string } }).data;
      }),
    );
    const serial = (code: string) => Number(code.slice(1));
    for (const [i, a] of answers.entries()) {
      expect(a.codes).toHaveLength(counts[i]!);
      // Each request's block is consecutive and starts where its offset says.
      expect(a.codes.map(serial)).toEqual(a.codes.map((_, j) => Number(a.firstOffset) + 1 + j));
    }
    const all = answers.flatMap((a) => a.codes.map(serial)).sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: total }, (_, i) => i + 1));

    const db = h.database.db;
    const audit = await sql<{ n: string; codes: string; batches: string; transactions: string }>`
      select count(*) as n, count(distinct code) as codes, count(distinct batch_id) as batches, count(distinct issued_at) as transactions
      from encoding_issue where rule_id = ${ruleId}`.execute(db);
    const row = audit.rows[0]!;
    expect([Number(row.n), Number(row.codes), Number(row.batches)]).toEqual([total, total, REQUESTS]);
    // A transaction's now() is one instant: requests that shared one share it.
    expect(Number(row.transactions)).toBeLessThan(REQUESTS / 2);
    const counter = await sql<{
      value: string;
    }>`select value::text as value from encoding_counter where rule_id = ${ruleId}`.execute(db);
    expect(counter.rows).toEqual([{ value: String(total) }]);
    console.info(`[batching ${kind}] ${REQUESTS} requests, ${total} codes in ${row.transactions} transactions`);
  });

  it('a batch issues at most 10,000 codes: three concurrent requests of 6,000 go one transaction each', async () => {
    const created = await call<{ id: string }>(h.app, 'POST', '/api/basic-system/encoding-rule', {
      token,
      body: {
        name: 'LARGE',
        ruleType: 'base10',
        startCode: '000001',
        endCode: '999999',
        resetType: 'none',
        details: [
          { order: 1, paramType: 'fixed', value: 'L' },
          { order: 2, paramType: 'system', parameter: 'serial' },
        ],
      },
    });
    const ruleId = created.body.data.id;
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        h.app.inject({
          method: 'POST',
          url: `/api/basic-system/encoding-rule/${ruleId}/generate`,
          headers: { authorization: `Bearer ${token}` },
          payload: { count: 6000 },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const audit = await sql<{ n: string; transactions: string }>`
      select count(*) as n, count(distinct issued_at) as transactions from encoding_issue where rule_id = ${ruleId}`.execute(
      h.database.db,
    );
    const row = audit.rows[0]!;
    expect([Number(row.n), Number(row.transactions)]).toEqual([18000, 3]);
  });

  it('a request whose context fails is refused alone; its neighbours in the batch are served', async () => {
    const created = await call<{ id: string }>(h.app, 'POST', '/api/basic-system/encoding-rule', {
      token,
      body: {
        name: 'MIXED',
        ruleType: 'base10',
        startCode: '0001',
        endCode: '0010',
        resetType: 'none',
        details: [
          { order: 1, paramType: 'fixed', value: 'M' },
          { order: 2, paramType: 'system', parameter: 'serial' },
        ],
      },
    });
    const ruleId = created.body.data.id;
    const ask = (payload: object) =>
      h.app.inject({
        method: 'POST',
        url: `/api/basic-system/encoding-rule/${ruleId}/generate`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        payload,
      });
    const counts = [3, 3, 5, 3];
    const [bad, ...asked] = await Promise.all([
      ask({ count: 1, context: { factoryCode: 'NOPE' } }),
      ...counts.map((count) => ask({ count })),
    ]);
    expect(bad!.statusCode).toBe(400);
    expect((bad!.json() as { msg: string }).msg).toContain('NOPE');
    // 10 codes for 14 asked: whichever came last is refused with what is left, the others are served.
    const served = asked
      .filter((r) => r.statusCode === 200)
      .map((r) => (r.json() as { data: { codes: string[] } }).data.codes);
    const refused = asked.filter((r) => r.statusCode !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      const { requested, remaining } = (r.json() as { data: { requested: number; remaining: string } }).data;
      expect(Number(remaining)).toBeLessThan(requested);
    }
    const codes = served.flat().sort();
    expect(codes).toEqual(Array.from({ length: codes.length }, (_, i) => `M${String(i + 1).padStart(4, '0')}`));
    expect(codes.length).toBeGreaterThanOrEqual(6);
  });

  it("codes drawn one after another follow the counter, the rule and the factory's code exactly as they change (another process, an edit, a rename)", async () => {
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    const factory = await db
      .selectFrom('factory')
      .select(['id', 'code'])
      .where('tenant_id', '=', tenantId)
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const details = (prefix: string) => [
      { order: 1, paramType: 'fixed', value: prefix },
      { order: 2, paramType: 'system', parameter: 'factoryCode' },
      { order: 3, paramType: 'fixed', value: '-' },
      { order: 4, paramType: 'system', parameter: 'serial' },
    ];
    const body = (prefix: string) => ({
      name: 'FOLLOW',
      ruleType: 'base10',
      startCode: '0001',
      endCode: '9999',
      resetType: 'none',
      details: details(prefix),
    });
    const created = await call<{ id: string }>(h.app, 'POST', '/api/basic-system/encoding-rule', {
      token,
      body: body('P'),
    });
    const ruleId = created.body.data.id;
    // One at a time, as a station printing labels asks: every batch after the first knows the counter.
    const next = async (app = h.app) => {
      const r = await app.inject({
        method: 'POST',
        url: `/api/basic-system/encoding-rule/${ruleId}/generate`,
        headers: { authorization: `Bearer ${token}`, 'x-factory-id': factory.id },
        payload: { count: 1 },
      });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as { data: { codes: string[] } }).data.codes[0]!;
    };
    const drawn = [await next(), await next(), await next()];
    expect(drawn).toEqual([`P${factory.code}-0001`, `P${factory.code}-0002`, `P${factory.code}-0003`]);
    // Another server process takes codes meanwhile: this one continues after them, never over them.
    expect(await next(second.app)).toBe(`P${factory.code}-0004`);
    expect(await next(second.app)).toBe(`P${factory.code}-0005`);
    expect(await next()).toBe(`P${factory.code}-0006`);
    // The rule is edited: the next code is written the new way.
    const edited = await call(h.app, 'PUT', `/api/basic-system/encoding-rule/${ruleId}`, { token, body: body('R') });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await next()).toBe(`R${factory.code}-0007`);
    // The factory's code changes: the next code prints the new one.
    await db.updateTable('factory').set({ code: 'FZ9' }).where('id', '=', factory.id).execute();
    try {
      expect(await next()).toBe('RFZ9-0001');
      expect(await next()).toBe('RFZ9-0002');
    } finally {
      await db.updateTable('factory').set({ code: factory.code }).where('id', '=', factory.id).execute();
    }
    expect(await next()).toBe(`R${factory.code}-0008`);
    const audit = await sql<{
      code: string;
    }>`select code from encoding_issue where rule_id = ${ruleId} order by issued_at, counter_value`.execute(db);
    expect(audit.rows.map((r) => r.code).sort()).toEqual(
      [
        ...[1, 2, 3, 4, 5, 6].map((n) => `P${factory.code}-000${n}`),
        `R${factory.code}-0007`,
        `R${factory.code}-0008`,
        'RFZ9-0001',
        'RFZ9-0002',
      ].sort(),
    );
  });

  // Only PostgreSQL: PGlite serves as its one superuser, so there is no separate serving role to hold to the grants.
  it.skipIf(kind !== 'postgres')('the serving role cannot change or delete issued codes', async () => {
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    await expect(
      withTenant(tenantId, () => sql`update encoding_issue set code = 'X' where tenant_id = ${tenantId}`.execute(db)),
    ).rejects.toThrow(/permission denied/);
    await expect(
      withTenant(tenantId, () => sql`delete from encoding_issue where tenant_id = ${tenantId}`.execute(db)),
    ).rejects.toThrow(/permission denied/);
  });

  it("refuses an issued code whose tenant does not own its rule: the rule's key carries the tenant", async () => {
    const db = h.database.db;
    const demo = await tenantIdOf(db);
    const other = (
      await db
        .insertInto('tenant')
        .values({ code: 'other-enc', name: 'Other' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const { ruleId, userId } = await withTenant(demo, async () => ({
      ruleId: (await sql<{ id: string }>`select id from encoding_rule limit 1`.execute(db)).rows[0]!.id,
      userId: (await db.selectFrom('app_user').select('id').executeTakeFirstOrThrow()).id,
    }));
    // Each as its own tenant, so row security lets the row through and only the key can refuse it.
    for (const tenant of [other, '00000000-0000-4000-8000-000000000002'])
      await expect(
        withTenant(tenant, () =>
          sql`insert into encoding_issue (tenant_id, rule_id, code, counter_value, issue_date, batch_id, user_id, account)
          values (${tenant}, ${ruleId}, 'NOT-MINE', 1, current_date, gen_random_uuid(), ${userId}, 'x')`.execute(db),
        ),
      ).rejects.toThrow(/foreign key/);
    const left = await withTenant(demo, () =>
      sql<{ n: string }>`select count(*) as n from encoding_issue where code = 'NOT-MINE'`.execute(db),
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
