import { sql } from 'kysely';
import { run, tableOf } from '../table';
import type { ResourceHooks } from './types';

/** One default printer per factory: making one the default makes the others not (SPEC §3, §8). */
export const printerHooks: ResourceHooks = {
  async afterWrite(db, def, scope, id, values) {
    if (values.isDefault !== 'yes' || !def.fields.isDefault) return;
    const t = tableOf(def);
    await run(
      db,
      sql`update ${t.table} set ${t.ref('isDefault')} = 'no', updated_at = clock_timestamp() where ${t.scopeWhere(scope)} and id <> ${id} and ${t.ref('isDefault')} = 'yes'`,
    );
  },
  unchangedKey: (field, value) =>
    field === 'isDefault' && value === 'yes' ? 'resource.printerAlreadyDefault' : undefined,
};
