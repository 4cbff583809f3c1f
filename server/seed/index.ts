/**
 * Seeds an empty database: the shared menu tree and app registry, the demo company (demo.ts) and,
 * when asked, a second demo tenant (second-tenant.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { Config } from '../config';
import { seedApps } from './apps';
import { seedDemoTenant } from './demo';
import { seedMenu } from './menu';
import { seedSecondTenant } from './second-tenant';

export { DEMO_ACCOUNTS, DEMO_TENANT } from './company';
export { SECOND_TENANT } from './second-tenant';

export interface SeedResult {
  seeded: boolean;
  tenantId: string | null;
  /** The second demo tenant was added on this start (DEMO_SECOND_TENANT=on). */
  secondTenant: boolean;
}

/** Seeds the shared tables and, when there is no tenant at all, the demo company; the second demo tenant when asked and missing. */
export async function seed(
  db: Kysely<DB>,
  config: Pick<Config, 'adminPassword' | 'filesDir' | 'demoSecondTenant'>,
): Promise<SeedResult> {
  await seedMenu(db);
  await seedApps(db);
  const anyTenant = await db.selectFrom('tenant').select('id').limit(1).executeTakeFirst();
  const tenantId = anyTenant ? null : await seedDemoTenant(db, config);
  const secondTenant = config.demoSecondTenant ? await seedSecondTenant(db, config) : false;
  // A database just filled has no planner statistics until autovacuum's first pass (a minute or
  // more away): until then the planner guesses table sizes, and the first minutes of use ran on
  // worse plans (mixed load p99 about 100 ms, against 65–70 ms once analysed).
  if (tenantId !== null || secondTenant) await sql`ANALYZE`.execute(db);
  return { seeded: tenantId !== null, tenantId, secondTenant };
}
