/** Rules of single resources that the definitions cannot express, run inside the write's transaction. */
import { sql } from 'kysely';
import type { ResourceDef } from '../../model/resource';
import { treeHooks } from './hooks-tree';
import { menuHooks, roleHooks, userHooks } from './hooks-access';
import { appHooks, tenantHooks } from './hooks-system';
import type { ResourceScope } from './scope';
import type { Request } from './service';
import { run, tableOf, type ApiRow, type Db } from './table';

export interface ResourceHooks {
  /**
   * Before a create (`existing` null), an update or a state change (`values` holds only the
   * state) is written: answers the values to write (a password hashed …) or throws an ApiError.
   */
  beforeWrite?(db: Db, def: ResourceDef, scope: ResourceScope, values: Record<string, unknown>, existing: ApiRow | null, req: Request): Promise<Record<string, unknown>>;
  /** After a row was created, updated, state-changed or imported with `values`. */
  afterWrite?(db: Db, def: ResourceDef, scope: ResourceScope, id: string, values: Record<string, unknown>): Promise<void>;
  /** Before rows (all in scope, locked) are deleted: refuse with an ApiError, or clean up what they own. */
  beforeDelete?(db: Db, def: ResourceDef, scope: ResourceScope, ids: readonly string[], req: Request): Promise<void>;
  /** The message key when a state change asks for the value the row already has. */
  unchangedKey?(field: string, value: string): string | undefined;
}

/** One default printer per factory: making one the default makes the others not (SPEC §3, §8). */
const printer: ResourceHooks = {
  async afterWrite(db, def, scope, id, values) {
    if (values.isDefault !== 'yes' || !def.fields.isDefault) return;
    const t = tableOf(def);
    await run(db, sql`update ${t.table} set ${t.ref('isDefault')} = 'no', updated_at = clock_timestamp() where ${t.scopeWhere(scope)} and id <> ${id} and ${t.ref('isDefault')} = 'yes'`);
  },
  unchangedKey: (field, value) => (field === 'isDefault' && value === 'yes' ? 'resource.printerAlreadyDefault' : undefined),
};

const HOOKS: Record<string, ResourceHooks> = { printer, 'material-class': treeHooks('resource.materialClass'), 'app-user': userHooks, role: roleHooks, menu: menuHooks, app: appHooks, tenant: tenantHooks, department: treeHooks('resource.department') };

export function hooksOf(def: ResourceDef): ResourceHooks {
  return HOOKS[def.name] ?? {};
}
