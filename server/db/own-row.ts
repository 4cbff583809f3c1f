/** One tenant's row by id, locked, updated or deleted: what every edit and delete of a content row does. */
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB } from './types';
import { notFound } from '../http';

/** Tables whose rows belong to a tenant and are keyed by `id`. */
export type TenantTable = { [T in keyof DB]: DB[T] extends { tenant_id: unknown; id: unknown } ? T : never }[keyof DB];

/** A row of `T` as answered, with the `id` every such table has (which a generic row does not show). */
export type OwnRow<T extends TenantTable> = Selectable<DB[T]> & { id: string };

type Keyed = Record<string, { tenant_id: string; id: string }>;
/** The same database seen as tables of `tenant_id` and `id` alone, which a table name chosen at run time can be typed as. */
const keyed = (db: Kysely<DB>) => db as unknown as Kysely<Keyed>;

/** The condition naming the tenant's row `id`. */
const ownRow = (tenantId: string, id: string) => (eb: ExpressionBuilder<Keyed, string>) =>
  eb.and([eb('tenant_id', '=', tenantId), eb('id', '=', id)]);

/** The row a statement on one tenant's row answered, typed as a row of its table; 404 when there was none. */
function found<T extends TenantTable>(row: Selectable<Keyed[string]> | undefined): OwnRow<T> {
  if (!row) throw notFound();
  return row as unknown as OwnRow<T>;
}

/** The tenant's row of `table` by id, locked until the transaction ends; 404 when the tenant has none. */
export async function lockOwnRow<T extends TenantTable>(
  trx: Kysely<DB>,
  table: T,
  tenantId: string,
  id: string,
): Promise<OwnRow<T>> {
  return found<T>(
    await keyed(trx)
      .selectFrom(table as string)
      .selectAll()
      .where(ownRow(tenantId, id))
      .forUpdate()
      .executeTakeFirst(),
  );
}

/** Deletes the tenant's row of `table` by id and returns what it held; 404 when the tenant has none. */
export async function deleteOwnRow<T extends TenantTable>(
  trx: Kysely<DB>,
  table: T,
  tenantId: string,
  id: string,
): Promise<OwnRow<T>> {
  return found<T>(
    await keyed(trx)
      .deleteFrom(table as string)
      .where(ownRow(tenantId, id))
      .returningAll()
      .executeTakeFirst(),
  );
}

/** Sets `values` (and `updated_at` to now) on the tenant's row of `table` by id and returns the row; 404 when the tenant has none. */
export async function updateOwnRow<T extends TenantTable>(
  trx: Kysely<DB>,
  table: T,
  tenantId: string,
  id: string,
  values: Updateable<DB[T]>,
): Promise<OwnRow<T>> {
  return found<T>(
    await keyed(trx)
      .updateTable(table as string)
      .set({ ...(values as object), updated_at: sql<Date>`now()` } as never)
      .where(ownRow(tenantId, id))
      .returningAll()
      .executeTakeFirst(),
  );
}
