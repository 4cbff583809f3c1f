/**
 * The seeds' one row mapper. A seed writes a row by field key and a reference as the other row's
 * code (its definition's code field: an account for a user, a name for a document type); each row
 * goes through the definition's own input schema (defaults, and a check that the seed is valid
 * data) and is stored in the definition's columns. `Ids` holds the ids the codes stand for.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { inputSchema, type ResourceDef } from '../../model/engine';
import { resourceByName } from '../../model/resources';

export type Row = Record<string, unknown>;
/** Rows per resource, in an order where every referenced row comes first. */
export type SeedRows = [resource: string, rows: Row[]][];
/** The resources' tables are described by the definitions, not by `DB`. */
type DefinedDB = Record<string, Row>;

function definition(name: string): ResourceDef {
  const def = resourceByName(name);
  if (!def) throw new Error(`seed: unknown resource ${name}`);
  return def;
}

const codeColumn = (def: ResourceDef) => def.fields[def.codeField]!.column!;

/**
 * Ids by code, per resource. The ids of one factory (`forFactory`) keep its factory-scoped rows to
 * themselves and share the tenant-scoped ones with the ids they were made from.
 */
export class Ids {
  private readonly byResource = new Map<string, Map<string, string>>();

  constructor(private readonly tenant?: Ids) {}

  forFactory(): Ids {
    return new Ids(this);
  }

  private mapOf(resource: string): Map<string, string> {
    const owner = this.tenant && resourceByName(resource)?.scope !== 'factory' ? this.tenant : this;
    let map = owner.byResource.get(resource);
    if (!map) owner.byResource.set(resource, (map = new Map()));
    return map;
  }

  add(resource: string, entries: Iterable<readonly [code: string, id: string]>): this {
    const map = this.mapOf(resource);
    for (const [code, id] of entries) map.set(code, id);
    return this;
  }

  find(resource: string, code: unknown): string | undefined {
    return this.mapOf(resource).get(String(code));
  }

  get(resource: string, code: unknown): string {
    const id = this.find(resource, code);
    if (!id) throw new Error(`seed: no ${resource} ${String(code)}`);
    return id;
  }

  /** Adds the rows an earlier seed made in the tenant's tables of these tenant-scoped resources. */
  async read(db: Kysely<DB>, tenantId: string, ...resources: string[]): Promise<this> {
    for (const name of resources) {
      const def = definition(name);
      if (def.scope === 'factory') throw new Error(`seed: ${name} is kept per factory`);
      const found = await sql<{ id: string; code: string }>`select id, ${sql.ref(codeColumn(def))} as code
        from ${sql.table(def.table)} where tenant_id = ${tenantId}`.execute(db);
      this.add(
        name,
        found.rows.map((r) => [r.code, r.id] as const),
      );
    }
    return this;
  }
}

const schemas = new Map<ResourceDef, ReturnType<typeof inputSchema>>();

/**
 * Field values by key → column values, and the targets of the fields kept in link tables by field
 * key; references resolved from codes to ids.
 */
function toColumns(def: ResourceDef, row: Row, ids: Ids): { columns: Row; links: Record<string, string[]> } {
  const idOf = (resource: string, code: unknown) => {
    const id = ids.find(resource, code);
    if (!id) throw new Error(`seed: ${def.name} refers to a missing ${resource} ${String(code)}`);
    return id;
  };
  const withIds: Row = { ...row };
  for (const [key, f] of Object.entries(def.fields)) {
    if (row[key] == null) continue;
    if (f.kind === 'ref') withIds[key] = idOf(f.resource, row[key]);
    if (f.kind === 'refs') withIds[key] = (row[key] as unknown[]).map((c) => idOf(f.resource, c));
  }
  let schema = schemas.get(def);
  if (!schema) schemas.set(def, (schema = inputSchema(def)));
  const parsed = schema.safeParse(withIds);
  if (!parsed.success) throw new Error(`seed: ${def.name} ${String(row[def.codeField])}: ${parsed.error.message}`);
  const values = parsed.data as Row;
  const columns: Row = {};
  const links: Record<string, string[]> = {};
  for (const [key, f] of Object.entries(def.fields)) {
    if (values[key] === undefined) continue;
    if (f.kind === 'refs' && f.link) links[key] = values[key] as string[];
    else columns[f.column!] = f.kind === 'details' ? JSON.stringify(values[key]) : values[key];
  }
  return { columns, links };
}

/** Where seeded rows go, and who made them. */
export interface SeedTarget {
  tenantId: string;
  /** The factory of the factory-scoped rows. */
  factoryId?: string;
  /** The user who made a row, from the account its `$by` names (undefined when it names none). */
  madeBy: (account: unknown) => string;
}

/**
 * Inserts the rows resource by resource, in the caller's transaction, and adds their ids to `ids`.
 * A resource may come in several entries, its codes adding up; a tree's rows go one at a time
 * (parents first, each may refer to one before it), and their levels then follow the tree.
 */
export async function insertRows(db: Kysely<DB>, target: SeedTarget, rows: SeedRows, ids: Ids): Promise<void> {
  const ddb = db as unknown as Kysely<DefinedDB>;
  const trees = new Set<ResourceDef>();
  for (const [name, list] of rows) {
    const def = definition(name);
    if (def.scope === 'factory' && !target.factoryId) throw new Error(`seed: ${name} needs a factory`);
    const scope: Row =
      def.scope === 'factory'
        ? { tenant_id: target.tenantId, factory_id: target.factoryId }
        : { tenant_id: target.tenantId };
    const code = codeColumn(def);
    for (const batch of def.tree ? list.map((r) => [r]) : [list]) {
      const mapped = batch.map(({ $by, ...r }) => {
        const by = target.madeBy($by);
        const { columns, links } = toColumns(def, r, ids);
        const values: Row = { ...scope, ...columns, created_by: by, updated_by: by };
        return { values, links };
      });
      const inserted = await ddb
        .insertInto(def.table)
        .values(mapped.map((m) => m.values))
        .returning(['id', code])
        .execute();
      ids.add(
        name,
        inserted.map((r) => [String(r[code]), String(r.id)] as const),
      );
      for (const [key, f] of Object.entries(def.fields)) {
        if (f.kind !== 'refs' || !f.link) continue;
        const { table, owner, target: other } = f.link;
        const pairs = mapped.flatMap(({ values, links }) =>
          (links[key] ?? []).map((t) => ({
            tenant_id: target.tenantId,
            [owner]: ids.get(name, values[code]),
            [other]: t,
          })),
        );
        if (pairs.length > 0) await ddb.insertInto(table).values(pairs).execute();
      }
    }
    if (def.tree) trees.add(def);
  }
  for (const def of trees) await setLevels(db, target.tenantId, def);
}

/** A tree's levels from its parents, as the engine's tree hook keeps them on screens. */
async function setLevels(db: Kysely<DB>, tenantId: string, def: ResourceDef): Promise<void> {
  const level = def.fields.level?.column;
  if (!level || !def.tree) return;
  const parent = sql.ref(def.fields[def.tree.parent]!.column!);
  const table = sql.table(def.table);
  await sql`with recursive t(id, level) as (
      select id, 1 from ${table} where tenant_id = ${tenantId} and ${parent} is null
      union all select c.id, t.level + 1 from ${table} c join t on c.${parent} = t.id)
    update ${table} n set ${sql.ref(level)} = t.level from t where n.id = t.id`.execute(db);
}
