/**
 * The demo company, built in one transaction: on a restart it is either there whole or not at all,
 * and servers starting together on one database build it once. All demo accounts share the
 * administrator's password (ADMIN_PASSWORD), hashed once.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { Config } from '../config';
import { hashPassword } from '../auth/password';
import { FolderStorage } from '../files/storage';
import { provisionTenant } from '../tenants/provision';
import { seedRules } from './rules';
import { seedBom } from './bom';
import { DEMO_FACTORIES, DEMO_ORGANIZATIONS, DEMO_TENANT, seedCompany } from './company';
import { seedNoticesAndHelp } from './notices-help';
import { seedMasterData, SUZHOU_DATA } from './master-data';
import { HANOI_DATA } from './master-data-hanoi';
import { seedOrg } from './org';
import { seedProcesses } from './processes';

/** Seeds the demo tenant when the database has no tenant yet; answers its id, or null when nothing was done. */
export async function seedDemoTenant(
  db: Kysely<DB>,
  config: Pick<Config, 'adminPassword' | 'filesDir'>,
): Promise<string | null> {
  const passwordHash = await hashPassword(config.adminPassword);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('mes-portal:seed-demo'))`.execute(trx);
    if (await trx.selectFrom('tenant').select('id').limit(1).executeTakeFirst()) return null;
    // The first tenant runs the platform: its administrators edit the shared menu tree and the tenants.
    const tenant = await trx
      .insertInto('tenant')
      .values({ code: DEMO_TENANT.code, name: DEMO_TENANT.name, operator: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await provisionTenant(
      trx,
      tenant.id,
      {
        name: DEMO_TENANT.name,
        adminAccount: DEMO_TENANT.account,
        factory: { code: DEMO_FACTORIES.suzhou.code, name: DEMO_FACTORIES.suzhou.name },
        organization: { code: DEMO_ORGANIZATIONS.china.code, name: DEMO_ORGANIZATIONS.china.name },
      },
      passwordHash,
    );
    const company = await seedCompany(trx, created, passwordHash);
    const { users, factories } = company;
    await seedNoticesAndHelp(trx, company);
    await seedMasterData(
      trx,
      tenant.id,
      [
        { factoryId: factories.suzhou, userId: users.admin!, rows: SUZHOU_DATA },
        { factoryId: factories.hanoi, userId: users['hanoi.admin']!, rows: HANOI_DATA },
      ],
      users,
    );
    await seedBom(trx, tenant.id, users.admin!);
    await seedRules(trx, tenant.id, users.admin!);
    await seedOrg(trx, company);
    await seedProcesses(trx, company, new FolderStorage(config.filesDir));
    return tenant.id;
  });
}
