/**
 * A transaction's last statement sent with its COMMIT in one message (`commitWithQuery`, used by the
 * history writer, issue 22): the values reach the table exactly as given, and a statement that fails
 * leaves nothing of its transaction behind.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitWithQuery, withTenant, writeAtCommit } from '../../server/db/tenant-scope';
import { DIALECTS, startHarness, type Harness } from './harness';

describe.each(DIALECTS)('commitWithQuery and writeAtCommit [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const unitOf = (code: string) =>
    withTenant(tenantId, async () => {
      const r = await sql<{
        name: string;
        remark: string | null;
        accuracy: number;
        created_at: Date;
      }>`select name, remark, accuracy, created_at from unit where tenant_id = ${tenantId} and code = ${code}`.execute(
        h.database.db,
      );
      return r.rows;
    });

  it('writes every kind of value exactly, quotes, backslashes, `$1` and characters beyond the first plane included', async () => {
    const db = h.database.db;
    const name = `O'Brien \\ "x" $1 $2 🏭 工厂`;
    const at = new Date('2026-11-29T08:30:00.123Z');
    await withTenant(tenantId, () =>
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await commitWithQuery(
          trx,
          sql`insert into unit (tenant_id, code, name, type, accuracy, remark, created_at)
            values (${tenantId}::uuid, ${'CW-1'}, ${name}, ${'quantity'}, ${3}, ${null}, ${at}::timestamptz)`,
        );
      }),
    );
    const rows = await unitOf('CW-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(name);
    expect(rows[0]!.remark).toBeNull();
    expect(rows[0]!.accuracy).toBe(3);
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(at.toISOString());
  });

  it('leaves nothing of the transaction when the last statement fails', async () => {
    const db = h.database.db;
    await expect(
      withTenant(tenantId, () =>
        db.transaction().execute(async (trx) => {
          await sql`insert into unit (tenant_id, code, name, type) values (${tenantId}, 'CW-2', 'kept?', 'quantity')`.execute(
            trx,
          );
          // CW-1 exists already: the unique key refuses it, and CW-2 goes with it.
          await commitWithQuery(
            trx,
            sql`insert into unit (tenant_id, code, name, type) values (${tenantId}::uuid, ${'CW-1'}, ${'again'}, ${'quantity'})`,
          );
        }),
      ),
    ).rejects.toThrow(/duplicate key|unique/);
    expect(await unitOf('CW-2')).toEqual([]);
    expect((await unitOf('CW-1'))[0]!.name).not.toBe('again');
  });

  it('leaves a value that has no literal (U+0000) to the driver, whose refusal the caller hears, and writes nothing', async () => {
    const db = h.database.db;
    const failure = await withTenant(tenantId, () =>
      db.transaction().execute(async (trx) => {
        await commitWithQuery(
          trx,
          sql`insert into unit (tenant_id, code, name, type) values (${tenantId}::uuid, ${'CW-3'}, ${'a\u0000b'}, ${'quantity'})`,
        );
      }),
    ).then(
      () => null,
      (err: unknown) => String(err),
    );
    expect(failure).not.toBeNull();
    expect(failure).not.toMatch(/SQL literal/);
    expect(await unitOf('CW-3')).toEqual([]);
  });

  it('writes what was left for the COMMIT when the transaction commits, and nothing when it rolls back', async () => {
    const db = h.database.db;
    await withTenant(tenantId, () =>
      db.transaction().execute(async (trx) => {
        await writeAtCommit(
          trx,
          sql`insert into unit (tenant_id, code, name, type) values (${tenantId}::uuid, ${'CW-4'}, ${"it's kept"}, ${'quantity'})`,
        );
        await sql`insert into unit (tenant_id, code, name, type) values (${tenantId}, 'CW-5', 'beside', 'quantity')`.execute(
          trx,
        );
      }),
    );
    expect((await unitOf('CW-4'))[0]?.name).toBe("it's kept");
    expect(await unitOf('CW-5')).toHaveLength(1);

    await expect(
      withTenant(tenantId, () =>
        db.transaction().execute(async (trx) => {
          await writeAtCommit(
            trx,
            sql`insert into unit (tenant_id, code, name, type) values (${tenantId}::uuid, ${'CW-6'}, ${'left'}, ${'quantity'})`,
          );
          await sql`insert into unit (tenant_id, code, name, type) values (${tenantId}, 'CW-5', 'twice', 'quantity')`.execute(
            trx,
          );
        }),
      ),
    ).rejects.toThrow(/duplicate key|unique/);
    expect(await unitOf('CW-6')).toEqual([]);
  });

  it('fails the whole transaction, to its caller, when a write left for the COMMIT fails there', async () => {
    const db = h.database.db;
    await expect(
      withTenant(tenantId, () =>
        db.transaction().execute(async (trx) => {
          await sql`insert into unit (tenant_id, code, name, type) values (${tenantId}, 'CW-7', 'first', 'quantity')`.execute(
            trx,
          );
          // CW-4 exists: refused only when the COMMIT's message runs.
          await writeAtCommit(
            trx,
            sql`insert into unit (tenant_id, code, name, type) values (${tenantId}::uuid, ${'CW-4'}, ${'again'}, ${'quantity'})`,
          );
        }),
      ),
    ).rejects.toThrow(/duplicate key|unique/);
    expect(await unitOf('CW-7')).toEqual([]);
    expect((await unitOf('CW-4'))[0]?.name).toBe("it's kept");
  });
});
