/**
 * SECURITY-TESTS T4.3 on PostgreSQL: 50 concurrent workers × 20 requests over 2 tenants × 2 rules,
 * each request reserving a number inside its own transaction (under the tenant's row-level policy)
 * and 10 % of them rolled back after reserving: the committed numbers are unique and contiguous per
 * counter key, the counters equal what was committed, and nothing deadlocks.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserve, issued, type CounterRef } from '../../server/rules/counter';
import { withTenant } from '../../server/db/tenant-scope';
import { seedMasterData, SUZHOU_DATA } from '../../server/seed/master-data';
import { seedRules } from '../../server/seed/rules';
import { createTenant } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, startHarness, type Harness } from './harness';

const WORKERS = 50;
const REQUESTS = 20;
const ROLLBACK_SHARE = 0.1;

class ForcedRollback extends Error {}

// PostgreSQL only: this is about row locks between pooled connections, which PGlite (one
// connection, one process) does not have.
describe.each(DIALECTS.filter((d) => d === 'postgres'))(
  'serial numbers under concurrency with rollbacks (T4.3) [%s]',
  (kind) => {
    let h: Harness;
    const keys: CounterRef[] = [];

    beforeAll(async () => {
      h = await startHarness(kind);
      const db = h.database.db;
      const demo = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
      const other = await createTenant(db, { code: 'serials', name: 'Serials', adminPassword: PASSWORD });
      // The demo packaging rules refer to the demo units, so the master data comes first (as in the demo seed).
      await seedMasterData(db, other.tenantId, [
        { factoryId: other.factoryId, userId: other.adminUserId, rows: SUZHOU_DATA },
      ]);
      await seedRules(db, other.tenantId, other.adminUserId);
      for (const tenantId of [demo.id, other.tenantId]) {
        const rules = (
          await sql<{
            id: string;
          }>`select id from encoding_rule where tenant_id = ${tenantId} order by name limit 2`.execute(db)
        ).rows;
        expect(rules).toHaveLength(2);
        for (const r of rules)
          keys.push({ tenantId, ruleId: r.id, factoryCode: 'F001', lineCode: 'L1', period: 't43' });
      }
    }, 60_000);
    afterAll(async () => h?.close());

    it(`${WORKERS} workers × ${REQUESTS} requests, ${ROLLBACK_SHARE * 100} % rolled back: unique, contiguous, no deadlock`, async () => {
      const db = h.database.db;
      const committed = new Map<string, bigint[]>(keys.map((k) => [k.ruleId, []]));
      let rolledBack = 0;
      let seed = 0x4e3;
      const random = () => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return seed / 0x7fffffff;
      };

      const worker = async (w: number) => {
        for (let i = 0; i < REQUESTS; i++) {
          const key = keys[(w + i) % keys.length]!;
          const rollback = random() < ROLLBACK_SHARE;
          try {
            const value = await withTenant(key.tenantId, () =>
              db.transaction().execute(async (trx) => {
                const first = await reserve(trx, key, 1, 1_000_000n);
                if (first === null) throw new Error('exhausted');
                if (rollback) throw new ForcedRollback();
                return first;
              }),
            );
            committed.get(key.ruleId)!.push(value);
          } catch (err) {
            if (!(err instanceof ForcedRollback)) throw err;
            rolledBack++;
          }
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      const ms = performance.now() - started;

      expect(rolledBack).toBeGreaterThan(0);
      let total = 0;
      for (const key of keys) {
        const values = committed
          .get(key.ruleId)!
          .map(Number)
          .sort((a, b) => a - b);
        total += values.length;
        expect(new Set(values).size, `duplicates for rule ${key.ruleId}`).toBe(values.length);
        expect(values, `gaps for rule ${key.ruleId}`).toEqual(values.map((_, i) => i));
        // The counter row says exactly what was committed: the rolled-back reservations left no trace.
        expect(Number(await withTenant(key.tenantId, () => issued(db, key)))).toBe(values.length);
      }
      expect(total + rolledBack).toBe(WORKERS * REQUESTS);
      console.log(
        `[T4.3] ${WORKERS * REQUESTS} requests (${rolledBack} rolled back) over ${keys.length} counters in ${ms.toFixed(0)} ms`,
      );
    }, 120_000);
  },
);
