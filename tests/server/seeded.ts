/** Ids of what the seed made, as tests look them up: the demo tenant, a factory by code, the menu. */
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/types';

export async function tenantIdOf(db: Kysely<DB>, code = 'demo'): Promise<string> {
  return (await db.selectFrom('tenant').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function factoryIdOf(db: Kysely<DB>, tenantId: string, code: string): Promise<string> {
  const row = await db
    .selectFrom('factory')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every menu entry's id by its path and by its permission code (a button has only the code). */
export async function menuIdsOf(db: Kysely<DB>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const m of await db.selectFrom('menu').select(['id', 'path', 'perms']).execute()) {
    if (m.path) ids.set(m.path, m.id);
    if (m.perms) ids.set(m.perms, m.id);
  }
  return ids;
}
