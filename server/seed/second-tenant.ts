/**
 * A second tenant beside the demo company (DEMO_SECOND_TENANT=on), for trying the tenant walls by
 * hand: its own administrator (the same password), factory, organisation and a few rows of its own.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { Config } from '../config';
import { hashPassword } from '../auth/password';
import { provisionTenant } from '../tenants/provision';
import { seedMasterData } from './master-data';
import type { SeedRows } from './rows';

export const SECOND_TENANT = { code: 'demo2', name: '海岳精密 Haiyue Precision', account: 'admin' } as const;

const ROWS: SeedRows = [
  [
    'unit',
    [
      { code: 'PCS', name: 'Piece', type: 'quantity', accuracy: 0 },
      { code: 'KG', name: 'Kilogram', type: 'weight', accuracy: 3 },
    ],
  ],
  [
    'workshop',
    [{ code: 'WS-MOLD', name: 'Injection moulding workshop', building: 'Hall 2', floor: '1F', manager: 'Xu Hai' }],
  ],
  [
    'line',
    [
      {
        code: 'INJ-01',
        name: 'Injection moulding line 1',
        type: 'machining',
        workshopId: 'WS-MOLD',
        manager: 'Xu Hai',
      },
      {
        code: 'INJ-02',
        name: 'Injection moulding line 2',
        type: 'machining',
        workshopId: 'WS-MOLD',
        manager: 'Xu Hai',
      },
    ],
  ],
];

/** Adds the second tenant unless its code is taken; answers whether it was added. */
export async function seedSecondTenant(db: Kysely<DB>, config: Pick<Config, 'adminPassword'>): Promise<boolean> {
  if (await db.selectFrom('tenant').select('id').where('code', '=', SECOND_TENANT.code).executeTakeFirst())
    return false;
  const passwordHash = await hashPassword(config.adminPassword);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('mes-portal:seed-demo'))`.execute(trx);
    if (await trx.selectFrom('tenant').select('id').where('code', '=', SECOND_TENANT.code).executeTakeFirst())
      return false;
    const tenant = await trx
      .insertInto('tenant')
      .values({ code: SECOND_TENANT.code, name: SECOND_TENANT.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await provisionTenant(
      trx,
      tenant.id,
      {
        name: SECOND_TENANT.name,
        adminAccount: SECOND_TENANT.account,
        factory: { code: 'F001', name: '宁波工厂 Ningbo Plant' },
        organization: { code: 'ORG001', name: '海岳精密制造有限公司 Haiyue Precision Manufacturing Co., Ltd.' },
      },
      passwordHash,
    );
    await seedMasterData(trx, tenant.id, [{ factoryId: created.factoryId, userId: created.adminUserId, rows: ROWS }]);
    return true;
  });
}
