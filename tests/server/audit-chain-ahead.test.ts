/**
 * A write's history entry taken from where its server last left the tenant's chain (issue 22): two
 * servers writing to one tenant at once, and a chain moved by an import in between, still give one
 * unbroken chain with an entry per write, no seq twice and none skipped.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../model/engine';
import { unit } from '../../model/resources';
import { verifyChain } from '../../server/audit/verify';
import { DIALECTS, call, loginToken, secondServer, startHarness, type Harness } from './harness';

describe.each(DIALECTS)('history chain written ahead [%s]', (kind) => {
  let h: Harness;
  let second: Awaited<ReturnType<typeof secondServer>>;
  let token: string;
  let tenantId: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    second = await secondServer(h);
    token = await loginToken(h.app, 'demo', 'admin');
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  const entries = async () =>
    (
      await sql<{ seq: string; entity: string; record_code: string | null }>`
        select seq, entity, record_code from audit_entry where tenant_id = ${tenantId} order by seq`.execute(
        h.database.db,
      )
    ).rows;

  it('keeps one unbroken chain while two servers write to the tenant at once', async () => {
    const before = await entries();
    const apps = [h.app, second.app];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(apps[i % 2]!, 'POST', apiPath(unit), {
          token,
          body: { code: `AH-${i}`, name: `Ahead ${i}`, type: 'quantity', accuracy: 0 },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // Then each server alone, one write after another: each follows the chain the other left.
    for (let i = 60; i < 70; i++) {
      const a = await call(apps[Math.floor(i / 5) % 2]!, 'PUT', `${apiPath(unit)}/${answers[i - 60]!.body.data.id}`, {
        token,
        body: { name: `Ahead ${i}, edited` },
      });
      expect(a.status).toBe(200);
    }
    const after = await entries();
    const added = after.slice(before.length);
    expect(added.filter((e) => e.entity === 'unit' && e.record_code?.startsWith('AH-'))).toHaveLength(70);
    const seqs = after.map((e) => Number(e.seq));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(await verifyChain(h.database.db, tenantId)).toMatchObject({ ok: true, firstBroken: null });
  });

  it('follows the chain after a write refused inside its transaction', async () => {
    const first = await call(h.app, 'POST', apiPath(unit), {
      token,
      body: { code: 'AH-X', name: 'One', type: 'quantity', accuracy: 0 },
    });
    expect(first.status).toBe(200);
    // Refused inside its transaction: nothing of it stays, and the next write still finds the head.
    const refused = await call(h.app, 'POST', apiPath(unit), {
      token,
      body: { code: 'AH-X', name: 'Two', type: 'quantity', accuracy: 0 },
    });
    expect(refused.status).toBe(409);
    const next = await call(h.app, 'PUT', `${apiPath(unit)}/${first.body.data.id}`, {
      token,
      body: { name: 'One, edited' },
    });
    expect(next.status).toBe(200);
    const codes = (await entries()).slice(-2).map((e) => e.record_code);
    expect(codes).toEqual(['AH-X', 'AH-X']);
    expect(await verifyChain(h.database.db, tenantId)).toMatchObject({ ok: true, firstBroken: null });
  });
});
