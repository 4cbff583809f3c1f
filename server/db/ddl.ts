/**
 * A definition's table as SQL (issue 27): what `npm run db:migration` writes for a definition whose
 * table, or some of whose columns, the migrations do not have yet. The migration is generated and
 * committed, not applied from the definitions at start-up, so every change of the schema is read in
 * review and runs once, in order, like the hand-written ones.
 */
import { sql, type Kysely } from 'kysely';
import type { FieldDef, ResourceDef } from '../../model/engine';
import type { DB } from './types';

/** The column type of a field (master-data-schema.test.ts checks the tables against the same families). */
export function columnType(f: FieldDef): string {
  switch (f.kind) {
    case 'text':
    case 'code':
    case 'textarea':
      return `varchar(${f.max})`;
    case 'int':
      return 'integer';
    case 'decimal':
      return `numeric(18, ${f.scale ?? 4})`;
    case 'bool':
      return 'boolean';
    case 'enum':
    case 'dict':
      return 'varchar(64)';
    case 'ref':
      return 'uuid';
    case 'refs':
      return 'uuid[]';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'time':
      return 'varchar(5)';
    case 'details':
      return 'jsonb';
  }
}

const literal = (v: unknown): string =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/** `type [NOT NULL] [DEFAULT …]` of a field's column. */
function columnSpec(f: FieldDef): string {
  const parts = [columnType(f)];
  if (f.kind === 'refs') parts.push("NOT NULL DEFAULT '{}'");
  else if (f.kind === 'details') parts.push("NOT NULL DEFAULT '[]'");
  else {
    if (f.required || f.kind === 'bool') parts.push('NOT NULL');
    if (f.default !== undefined && f.default !== null) parts.push(`DEFAULT ${literal(f.default)}`);
  }
  return parts.join(' ');
}

/** Fields kept in a column of the definition's own table (a `refs` with a link table has none). */
const columnFields = (def: ResourceDef) =>
  Object.values(def.fields).filter((f) => !(f.kind === 'refs' && f.link) && f.column);

const scopeOf = (def: ResourceDef) => (def.scope === 'factory' ? ['tenant_id', 'factory_id'] : ['tenant_id']);

/** A reference's foreign key, within the tenant (and the factory, when both rows belong to one). */
function foreignKey(def: ResourceDef, f: FieldDef, resolve: (name: string) => ResourceDef | undefined): string | null {
  if (f.kind !== 'ref') return null;
  const target = resolve(f.resource);
  if (!target) throw new Error(`${def.name}.${f.column}: no resource ${f.resource}`);
  if (target.scope === 'factory' && def.scope !== 'factory')
    throw new Error(`${def.name}.${f.column}: a tenant's row cannot refer to a factory's ${target.name}`);
  const scope = target.scope === 'factory' ? ['tenant_id', 'factory_id'] : ['tenant_id'];
  return `FOREIGN KEY (${[...scope, f.column].join(', ')}) REFERENCES ${target.table} (${[...scope, 'id'].join(', ')})`;
}

/** The indexes the engine's list and references use: the scope, each reference, and the display field. */
function indexes(def: ResourceDef, fields: FieldDef[]): string[] {
  const scope = scopeOf(def);
  const out = [`CREATE INDEX ${def.table}_scope_idx ON ${def.table} (${scope.join(', ')});`];
  for (const f of fields)
    if (f.kind === 'ref')
      out.push(`CREATE INDEX ${def.table}_${f.column}_idx ON ${def.table} (${[...scope, f.column].join(', ')});`);
  const display = def.fields[def.displayField];
  if (display && !display.unique && display.column && display.kind !== 'details' && display.kind !== 'refs')
    out.push(
      `CREATE INDEX ${def.table}_list_${display.column}_idx ON ${def.table} (${[...scope, display.column].join(', ')});`,
    );
  return out;
}

/** CREATE TABLE and its indexes for a definition, in the house's layout (see 011_master_data.sql). */
export function createTableSql(def: ResourceDef, resolve: (name: string) => ResourceDef | undefined): string {
  if (def.scope === 'shared') throw new Error(`${def.name}: shared tables are written by hand`);
  const fields = columnFields(def);
  const scope = scopeOf(def);
  const columns: [string, string][] = [
    ['id', 'uuid PRIMARY KEY DEFAULT gen_random_uuid()'],
    // A factory's row reaches its tenant through the factory's key; a key of its own would be checked on every write.
    ['tenant_id', def.scope === 'factory' ? 'uuid NOT NULL' : 'uuid NOT NULL REFERENCES tenant (id)'],
    ...(def.scope === 'factory' ? ([['factory_id', 'uuid NOT NULL']] as [string, string][]) : []),
    ...fields.map((f): [string, string] => [f.column!, columnSpec(f)]),
    ['created_at', 'timestamptz NOT NULL DEFAULT now()'],
    ['created_by', 'uuid'],
    ['updated_at', 'timestamptz NOT NULL DEFAULT now()'],
    ['updated_by', 'uuid'],
  ];
  const width = Math.max(...columns.map(([name]) => name.length)) + 1;
  const constraints = [
    ...(def.scope === 'factory' ? ['FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id)'] : []),
    `UNIQUE (${[...scope, 'id'].join(', ')})`,
    ...fields.filter((f) => f.unique).map((f) => `UNIQUE (${[...scope, f.column].join(', ')})`),
    ...fields.map((f) => foreignKey(def, f, resolve)).filter((c): c is string => c !== null),
  ];
  const body = [...columns.map(([name, spec]) => `${name.padEnd(width)}${spec}`), ...constraints];
  return [`CREATE TABLE ${def.table} (\n  ${body.join(',\n  ')}\n);`, ...indexes(def, fields)].join('\n');
}

/** ALTER TABLE for fields a definition gained after its table was made. */
export function addColumnsSql(
  def: ResourceDef,
  fields: FieldDef[],
  resolve: (name: string) => ResourceDef | undefined,
): string {
  const scope = scopeOf(def);
  return fields
    .flatMap((f) => {
      const lines = [`ALTER TABLE ${def.table} ADD COLUMN ${f.column} ${columnSpec(f)};`];
      if (f.unique) lines.push(`ALTER TABLE ${def.table} ADD UNIQUE (${[...scope, f.column].join(', ')});`);
      const fk = foreignKey(def, f, resolve);
      if (fk) {
        lines.push(`ALTER TABLE ${def.table} ADD ${fk};`);
        lines.push(`CREATE INDEX ${def.table}_${f.column}_idx ON ${def.table} (${[...scope, f.column].join(', ')});`);
      }
      return lines;
    })
    .join('\n');
}

export interface SchemaChange {
  resource: string;
  /** The table is new, or only columns are. */
  kind: 'table' | 'columns';
  sql: string;
}

/**
 * What the database lacks for the definitions: a table per definition, a column per field. Columns
 * the table has beyond its fields (a password hash, a tree path) are the server's own and left alone.
 */
export async function schemaChanges(db: Kysely<DB>, defs: readonly ResourceDef[]): Promise<SchemaChange[]> {
  const rows = (
    await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`.execute(db)
  ).rows;
  const tables = new Map<string, Set<string>>();
  for (const r of rows) {
    let cols = tables.get(r.table_name);
    if (!cols) tables.set(r.table_name, (cols = new Set()));
    cols.add(r.column_name);
  }
  const byName = new Map(defs.map((d) => [d.name, d]));
  const resolve = (name: string) => byName.get(name);
  const changes: SchemaChange[] = [];
  for (const def of defs) {
    const cols = tables.get(def.table);
    if (!cols) {
      changes.push({ resource: def.name, kind: 'table', sql: createTableSql(def, resolve) });
      continue;
    }
    const missing = columnFields(def).filter((f) => !cols.has(f.column!));
    if (missing.length > 0)
      changes.push({ resource: def.name, kind: 'columns', sql: addColumnsSql(def, missing, resolve) });
  }
  return changes;
}
