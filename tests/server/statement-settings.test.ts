/**
 * A tenant's statement carries the tenant's settings in its own message (server/db/tenant-scope.ts,
 * issue 22): its values inlined as literals mean what they meant as parameters, a statement outside
 * a transaction leaves nothing of its tenant on the pooled connection, and one refused in the message
 * that opens a transaction leaves nothing of it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem, withTenant } from '../../server/db/tenant-scope';
import { DIALECTS, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

describe.each(DIALECTS)('statements with their tenant settings [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    tenantId = await tenantIdOf(h.database.db);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sees only its tenant and leaves no setting behind on any pooled connection', async () => {
    const db = h.database.db;
    const seen = await Promise.all(
      Array.from({ length: 24 }, () =>
        withTenant(tenantId, async () => {
          const r = await sql<{
            tenants: string[];
          }>`select array_agg(distinct tenant_id::text) as tenants from unit`.execute(db);
          return r.rows[0]!.tenants;
        }),
      ),
    );
    for (const tenants of seen) expect(tenants).toEqual([tenantId]);
    const after = await Promise.all(
      Array.from({ length: 24 }, () =>
        asSystem(async () => {
          const r = await sql<{ tenant: string | null; role: string }>`
            select nullif(current_setting('app.tenant_id', true), '') as tenant, current_user as role`.execute(db);
          return r.rows[0]!;
        }),
      ),
    );
    for (const a of after) {
      expect(a.tenant).toBeNull();
      expect(a.role).not.toBe('portal_app');
    }
  });

  it('keeps what each value meant: quotes, backslashes, `$1` in the text, arrays, numbers, times and bytes', async () => {
    const db = h.database.db;
    const name = `O'Brien \\ "x" $1 🏭`;
    const at = new Date('2026-12-01T08:30:00.123Z');
    const row = await withTenant(tenantId, async () => {
      const units = (await sql<{ id: string }>`select id from unit limit 2`.execute(db)).rows;
      const r = await sql<{
        quoted: string;
        name: string;
        found: string;
        n: number;
        at: Date | string;
        bytes: number;
        dollar: string;
      }>`select '$1' as quoted, ${name}::text as name,
          (select count(*) from unit where id = any(${units.map((u) => u.id)}::uuid[]))::text as found,
          ${7} + 1 as n, ${at}::timestamptz as at, length(${Buffer.from([0, 1, 2])}::bytea) as bytes,
          $q$a$1$q$ as dollar`.execute(db);
      return r.rows[0]!;
    });
    expect(row.quoted).toBe('$1');
    expect(row.name).toBe(name);
    expect(row.found).toBe('2');
    expect(Number(row.n)).toBe(8);
    expect(new Date(row.at).toISOString()).toBe(at.toISOString());
    expect(Number(row.bytes)).toBe(3);
    expect(row.dollar).toBe('a$1');
  });

  it('leaves nothing of a transaction whose first statement is refused, and the connection serves the next', async () => {
    const db = h.database.db;
    const code = `SS-${kind}`;
    const insert = (name: string) =>
      withTenant(tenantId, () =>
        db.transaction().execute(async (trx) => {
          await sql`insert into unit (tenant_id, code, name, type) values (${tenantId}, ${code}, ${name}, 'quantity')`.execute(
            trx,
          );
          await sql`insert into unit (tenant_id, code, name, type) values (${tenantId}, ${`${code}-2`}, ${name}, 'quantity')`.execute(
            trx,
          );
        }),
      );
    await insert('first');
    // The same code again: refused by the statement that travels with BEGIN, so the second never runs.
    await expect(insert('second')).rejects.toThrow(/duplicate key|unique/);
    const names = await withTenant(
      tenantId,
      async () =>
        (
          await sql<{
            code: string;
            name: string;
          }>`select code, name from unit where code like ${`${code}%`} order by code`.execute(db)
        ).rows,
    );
    expect(names).toEqual([
      { code, name: 'first' },
      { code: `${code}-2`, name: 'first' },
    ]);
  });
});
