/** The product's menu tree (model/catalogue.ts) in the database, and its entries' names in every language. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { MENU_CATALOGUE, i18n, type CatalogueNode, type LocaleName, type Names } from '../../model/catalogue';
import { LANGUAGES } from '../../model/languages';
import { translator } from '../i18n';

/** A catalogue name in every language: given inline (apps), or read from the locales. */
export function catalogueNames(names: Names | LocaleName): Record<string, string> {
  if (Array.isArray(names)) return i18n(names);
  return Object.fromEntries(
    LANGUAGES.map((lang) => {
      const tr = translator(lang);
      return [lang, names.ns === 'model' ? tr.tm(names.key) : tr.t(names.key)];
    }),
  );
}

/**
 * Brings the product's menu tree into the database: on an empty database the whole tree; later,
 * the entries a new version added (under their parent, found by code), also granted to every
 * tenant's administrator role. Each entry is recorded in `seeded_menu` when it starts, so an entry
 * an operator deleted stays deleted. Returns the number of rows inserted.
 */
export async function seedMenu(db: Kysely<DB>, catalogue: CatalogueNode[] = MENU_CATALOGUE): Promise<number> {
  let count = 0;
  await db.transaction().execute(async (trx) => {
    // Servers starting together on one database take turns: the later ones find nothing to do.
    await sql`select pg_advisory_xact_lock(hashtext('mes-portal:seed-menu'))`.execute(trx);
    const seeded = new Set((await trx.selectFrom('seeded_menu').select('code').execute()).map((r) => r.code));
    const existing = new Map(
      (await trx.selectFrom('menu').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
    );
    const fresh = existing.size === 0;
    const added: string[] = [];
    const record: string[] = [];
    const insert = async (nodes: CatalogueNode[], parentId: string | null) => {
      let sort = 0;
      for (const n of nodes) {
        sort += 10;
        let id = existing.get(n.code) ?? null;
        if (id === null && !seeded.has(n.code)) {
          const row = await trx
            .insertInto('menu')
            .values({
              parent_id: parentId,
              code: n.code,
              type: n.type,
              name_i18n: JSON.stringify(catalogueNames(n.names)),
              path: n.path,
              perms: n.perms,
              icon: n.icon,
              sort: n.sort ?? sort,
              product_type: n.productType,
              terminal_type: 'web',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = row.id;
          added.push(id);
          count++;
        }
        if (!seeded.has(n.code)) record.push(n.code);
        // An entry deleted by an operator takes its new children with it.
        if (id !== null) await insert(n.children, id);
      }
    };
    await insert(catalogue, null);
    if (record.length > 0) {
      await trx
        .insertInto('seeded_menu')
        .values(record.map((code) => ({ code })))
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
    if (!fresh && added.length > 0) {
      // Tenants provisioned before: their administrator role holds every entry, so the new ones too (start-up runs as the system).
      const admins = await trx.selectFrom('role').select(['tenant_id', 'id']).where('code', '=', 'admin').execute();
      const grants = admins.flatMap((r) =>
        added.map((menuId) => ({ tenant_id: r.tenant_id, role_id: r.id, menu_id: menuId })),
      );
      for (let i = 0; i < grants.length; i += 1000) {
        const slice = grants.slice(i, i + 1000);
        await trx
          .insertInto('role_menu')
          .values(slice)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
  });
  return count;
}
