/**
 * The history of what a new tenant starts with (issue 25): its factory, organisation, roles with
 * their permissions, language dictionary and administrator, each a creation in the new tenant's own
 * chain by the operator who made the tenant. The seed provisions its tenants without history.
 */
import { sql } from 'kysely';
import type { ResourceDef } from '../../model/engine';
import { factory, organization, role, user } from '../../model/resources';
import type { CreatedTenant } from '../tenants/provision';
import { apiKeys } from '../audit/record';
import { diffFields } from '../audit/diff';
import { writeHistory, type HistoryInput } from '../audit/write';
import { actorOfCaller, changesOf } from './history';
import type { Caller } from './scope';
import { getRows } from './store';
import type { Db } from './table';

const codeOf = (def: ResourceDef, row: Record<string, unknown>) =>
  String(row[def.codeField] ?? row[def.displayField] ?? '') || null;

export async function recordProvisioning(db: Db, operator: Caller, created: CreatedTenant): Promise<void> {
  const tenantId = created.tenantId;
  const scope = { tenantId, factoryId: null };
  const entries: HistoryInput[] = [];
  const creations = async (
    def: ResourceDef,
    ids: string[],
    extra: (id: string) => Promise<Record<string, unknown>> = async () => ({}),
    written?: Record<string, unknown>,
  ) => {
    for (const row of await getRows(db, def, scope, ids)) {
      const changes = changesOf(def, { id: row.id, before: null, after: row, written });
      for (const [field, after] of Object.entries(await extra(row.id))) changes.push({ field, before: null, after });
      entries.push({ action: 'create', entity: def.name, recordId: row.id, recordCode: codeOf(def, row), changes });
    }
  };
  // A role's menu permissions by their codes, as the role's permission history names them.
  const permissions = async (roleId: string) => {
    const rows = await sql<{
      code: string;
    }>`select coalesce(nullif(m.perms, ''), m.code) as code from role_menu rm join menu m on m.id = rm.menu_id
      where rm.tenant_id = ${tenantId} and rm.role_id = ${roleId} order by 1`.execute(db);
    return { permissions: rows.rows.map((r) => r.code) };
  };
  await creations(factory, [created.factoryId]);
  await creations(organization, [created.organizationId]);
  await creations(role, [created.roles.admin, created.roles.staff], permissions);
  // The administrator's password is set (its value never written).
  await creations(user, [created.adminUserId], undefined, { password: 'set' });

  const dicts = await db.selectFrom('dict').selectAll().where('tenant_id', '=', tenantId).execute();
  const items = await db
    .selectFrom('dict_item')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('sort')
    .execute();
  for (const d of dicts)
    entries.push({
      action: 'create',
      entity: 'dict',
      recordId: d.id,
      recordCode: d.type,
      changes: diffFields(null, apiKeys(d)),
    });
  for (const i of items)
    entries.push({
      action: 'create',
      entity: 'dict-item',
      recordId: i.id,
      recordCode: i.value,
      changes: diffFields(null, apiKeys(i)),
    });

  await writeHistory(db, { ...actorOfCaller(operator), tenantId, factoryId: null }, entries);
}
