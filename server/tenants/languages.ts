/** The languages a tenant offers (stored as a comma-separated list in the portal's order). */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

const listOf = (stored: string) =>
  stored
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);

export async function tenantLanguages(db: Kysely<DB>, tenantId: string): Promise<string[]> {
  const t = await db.selectFrom('tenant').select('languages').where('id', '=', tenantId).executeTakeFirstOrThrow();
  return listOf(t.languages);
}

/**
 * Sets the tenant's languages (inside the caller's transaction, the tenant's row locked first); the
 * tenant's code and the languages it offered before.
 */
export async function setTenantLanguages(
  trx: Kysely<DB>,
  tenantId: string,
  languages: readonly string[],
): Promise<{ code: string; languages: string[] }> {
  const before = await trx
    .selectFrom('tenant')
    .select(['code', 'languages'])
    .where('id', '=', tenantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('tenant')
    .set({ languages: languages.join(','), updated_at: new Date() })
    .where('id', '=', tenantId)
    .execute();
  return { code: before.code, languages: listOf(before.languages) };
}
