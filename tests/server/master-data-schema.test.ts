/**
 * One definition drives the table (DESIGN §3, issue 3): for every definition in RESOURCES the
 * migration has a matching table, unique keys and foreign keys within the scope, the menu has its
 * permission codes, zh-CN has its labels, and the demo tenant has valid rows.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PATTERNS,
  VERBS,
  inputSchema,
  issuesOf,
  permissionCode,
  refFields,
  statusFields,
  uniqueFields,
  type FieldDef,
  type ResourceDef,
} from '../../model/engine';
import {
  MASTER_DATA as RESOURCES,
  RESOURCES as SERVED,
  device,
  shift,
  storageLocation,
  unit,
} from '../../model/resources';
import { schemaChanges } from '../../server/db/ddl';
import type { DB } from '../../server/db/types';
import { DIALECTS, startHarness, type Harness } from './harness';

type Tree = { [k: string]: string | Tree };
const flat = (o: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`)),
    ),
  );
const zhModel = flat(
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../locales/zh-CN/model.json'), 'utf8')) as Tree,
);

const SYSTEM_COLUMNS = ['id', 'tenant_id', 'created_at', 'created_by', 'updated_at', 'updated_by'];
const scopeColumns = (def: ResourceDef) => (def.scope === 'factory' ? ['tenant_id', 'factory_id'] : ['tenant_id']);

/** What information_schema reports for a field's column. */
function expectedType(f: FieldDef): { dataType: string; length?: number; scale?: number } {
  switch (f.kind) {
    case 'text':
    case 'code':
    case 'textarea':
      return { dataType: 'character varying', length: f.max };
    case 'int':
      return { dataType: 'integer' };
    case 'decimal':
      return { dataType: 'numeric', scale: f.scale ?? 4 };
    case 'bool':
      return { dataType: 'boolean' };
    case 'enum':
    case 'dict':
      return { dataType: 'character varying', length: 64 };
    case 'ref':
      return { dataType: 'uuid' };
    case 'refs':
      return { dataType: 'ARRAY' };
    case 'date':
      return { dataType: 'date' };
    case 'datetime':
      return { dataType: 'timestamp with time zone' };
    case 'time':
      return { dataType: 'character varying', length: 5 };
    case 'details':
      return { dataType: 'jsonb' };
  }
}

/** Every message key a field kind or pattern can produce (model/engine/schema.ts, PATTERNS). */
const SCHEMA_KEYS = [
  'required',
  'tooShort',
  'tooLong',
  'number',
  'integer',
  'scale',
  'tooSmall',
  'tooLarge',
  'boolean',
  'option',
  'reference',
  'tooMany',
  'date',
  'datetime',
  'time',
  'rows',
  'blankRows',
  'minRows',
  'maxRows',
].map((k) => `validation.${k}`);

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  character_maximum_length: number | null;
  numeric_scale: number | null;
}
interface IndexInfo {
  table_name: string;
  columns: string[];
}
interface ForeignKeyInfo {
  table_name: string;
  target: string;
  columns: string[];
  target_columns: string[];
}

/** Column values as the API would send them back as input: dates as strings, blanks as absent. */
function toInput(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(def.fields)) {
    let v = row[f.column!];
    if (v instanceof Date) v = f.kind === 'date' ? v.toISOString().slice(0, 10) : v.toISOString();
    if (typeof v === 'string' && f.kind === 'details') v = JSON.parse(v);
    if (v !== null && v !== undefined) out[key] = v;
  }
  return out;
}

describe('master-data definitions', () => {
  it('have unique names and tables, and permission prefixes from the menu path', () => {
    expect(new Set(RESOURCES.map((d) => d.name)).size).toBe(RESOURCES.length);
    expect(new Set(RESOURCES.map((d) => d.table)).size).toBe(RESOURCES.length);
    expect(RESOURCES.map((d) => d.name).sort()).toEqual([
      'agv-tag',
      'customer',
      'device',
      'device-class',
      'device-model',
      'document-type',
      'encoding-rule',
      'landmark',
      'line',
      'material',
      'material-class',
      'packaging-rule',
      'packing-unit',
      'print-template',
      'printer',
      'process-station',
      'product-series',
      'sap-plant',
      'scan-rule',
      'shelf',
      'shift',
      'storage-location',
      'supplier',
      'transport-shelf',
      'unit',
      'warehouse',
      'warehouse-area',
      'workshop',
      'workstation',
      'workstation-type',
    ]);
    for (const def of RESOURCES) {
      expect(def.service, def.name).toBe('basic-system');
      expect(def.permissions, def.name).toBe(`basic:${def.name}`);
      expect(def.fields[def.codeField]?.unique, `${def.name}.${def.codeField}`).toBe(true);
    }
  });

  it('have a label for the entity, its menu entry and tabs, every field and detail sub-field, enum option and message key', () => {
    const missing: string[] = [];
    const need = (key: string, where: string) => {
      if (!zhModel[key]) missing.push(`${where}: ${key}`);
    };
    for (const key of [...SCHEMA_KEYS, ...Object.values(PATTERNS).map((p) => p.key)]) need(key, 'schema');
    for (const def of RESOURCES) {
      need(def.titleKey, def.name);
      // The menu entry's name and its tabs' names (model/catalogue.ts reads them from here).
      if (def.menu) need(`${def.labelPrefix}._menu`, def.name);
      for (const tab of def.menu ? (def.tabs ?? []) : []) need(`${def.labelPrefix}._tabs.${tab}`, def.name);
      for (const [key, f] of Object.entries(def.fields)) {
        need(f.label!, `${def.name}.${key}`);
        if (f.kind === 'enum') for (const v of f.values) need(`enum.${f.enumName}.${v}`, `${def.name}.${key}`);
        if (f.kind === 'text' && f.pattern) need(f.pattern.key, `${def.name}.${key}`);
        if (f.kind === 'details')
          for (const [k, sub] of Object.entries(f.fields)) need(sub.label!, `${def.name}.${key}.${k}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('validation of SPEC §5 in the definitions', () => {
  const keysOf = (def: ResourceDef, input: Record<string, unknown>) => {
    const r = inputSchema(def).safeParse(input);
    return r.success ? [] : issuesOf(r.error).map((i) => `${i.field}:${i.key}`);
  };

  it('unit accuracy is an integer from 0 to 9', () => {
    const base = { code: 'PCS', name: 'Piece', type: 'quantity' };
    expect(keysOf(unit, { ...base, accuracy: 9 })).toEqual([]);
    expect(keysOf(unit, { ...base, accuracy: 10 })).toEqual(['accuracy:validation.tooLarge']);
    expect(keysOf(unit, { ...base, accuracy: -1 })).toEqual(['accuracy:validation.tooSmall']);
    expect(keysOf(unit, { ...base, accuracy: 1.5 })).toEqual(['accuracy:validation.integer']);
  });

  it('device MAC and IP addresses must be well-formed', () => {
    const base = { code: 'D1', name: 'Oven' };
    expect(keysOf(device, { ...base, macAddress: '00:1B:44:11:3A:B7', ipAddress: '10.0.0.255' })).toEqual([]);
    expect(keysOf(device, { ...base, macAddress: '00:1B:44:11:3A', ipAddress: '10.0.0.256' }).sort()).toEqual([
      'ipAddress:validation.ip',
      'macAddress:validation.mac',
    ]);
  });

  it('storage locations are available unless told otherwise, and refuse an unknown state', () => {
    const base = {
      code: 'L1',
      name: 'L1',
      warehouseId: crypto.randomUUID(),
      warehouseAreaId: crypto.randomUUID(),
      storageType: 'ambient',
      locationType: 'rack',
    };
    const ok = inputSchema(storageLocation).parse(base) as Record<string, unknown>;
    expect(ok.state).toBe('available');
    expect(keysOf(storageLocation, { ...base, state: 'lost' })).toEqual(['state:validation.option']);
  });

  it('shift intervals: at least one, no blank rows, end differs from start, no overlap (also across midnight)', () => {
    const base = { code: 'N', name: 'Night', type: 'night' };
    const iv = (...pairs: [string, string][]) => ({
      ...base,
      intervals: pairs.map(([start, end]) => ({ start, end })),
    });
    expect(keysOf(shift, iv(['20:00', '00:00'], ['00:30', '08:00']))).toEqual([]);
    expect(keysOf(shift, iv(['08:00', '12:00'], ['12:00', '17:00']))).toEqual([]);
    expect(keysOf(shift, iv())).toEqual(['intervals:validation.minRows']);
    expect(keysOf(shift, { ...base, intervals: [{ start: '', end: '' }] })).toContain('intervals:validation.blankRows');
    expect(keysOf(shift, iv(['08:00', '08:00']))).toEqual(['intervals.0.end:validation.intervalEmpty']);
    expect(keysOf(shift, iv(['08:00', '12:00'], ['11:30', '13:00']))).toEqual([
      'intervals.1.start:validation.intervalOverlap',
    ]);
    expect(keysOf(shift, iv(['22:00', '06:00'], ['05:00', '07:00']))).toEqual([
      'intervals.1.start:validation.intervalOverlap',
    ]);
    expect(keysOf(shift, iv(['08:00', '25:00']))).toEqual(['intervals.0.end:validation.time']);
    for (const key of ['validation.intervalEmpty', 'validation.intervalOverlap'])
      expect(zhModel[key], key).toBeTruthy();
  });
});

describe.each(DIALECTS)('master-data tables and demo rows [%s]', (kind) => {
  let h: Harness;
  let db: Kysely<DB>;
  let columns: ColumnInfo[];
  let uniques: IndexInfo[];
  let foreignKeys: ForeignKeyInfo[];
  let tenantId: string;
  let factoryId: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    db = h.database.db;
    columns = (
      await sql<ColumnInfo>`
      SELECT table_name, column_name, data_type, is_nullable, character_maximum_length, numeric_scale
      FROM information_schema.columns WHERE table_schema = current_schema()`.execute(db)
    ).rows;
    uniques = (
      await sql<IndexInfo>`
      SELECT t.relname AS table_name, array_agg(a.attname::text ORDER BY k.ord) AS columns
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE i.indisunique
      GROUP BY t.relname, i.indexrelid`.execute(db)
    ).rows;
    foreignKeys = (
      await sql<ForeignKeyInfo>`
      SELECT t.relname AS table_name, r.relname AS target,
        (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
        (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS target_columns
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid
      JOIN pg_class r ON r.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
      WHERE c.contype = 'f'`.execute(db)
    ).rows;
    const tenant = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    tenantId = tenant.id;
    factoryId = (
      await db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .orderBy('sort')
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('leaves `npm run db:migration` nothing to write: the migrations hold every served definition', async () => {
    expect(await schemaChanges(db, SERVED)).toEqual([]);
  });

  it('has a table per definition with exactly its columns, of the right type family', () => {
    for (const def of RESOURCES) {
      const cols = new Map(columns.filter((c) => c.table_name === def.table).map((c) => [c.column_name, c]));
      expect(cols.size, `table ${def.table}`).toBeGreaterThan(0);
      const expected = [
        ...SYSTEM_COLUMNS,
        ...(def.scope === 'factory' ? ['factory_id'] : []),
        ...Object.values(def.fields).map((f) => f.column!),
      ];
      expect([...cols.keys()].sort(), def.table).toEqual(expected.sort());
      for (const scope of scopeColumns(def)) {
        expect(cols.get(scope), `${def.table}.${scope}`).toMatchObject({ data_type: 'uuid', is_nullable: 'NO' });
      }
      for (const [key, f] of Object.entries(def.fields)) {
        const c = cols.get(f.column!)!;
        const want = expectedType(f);
        const where = `${def.table}.${f.column} (${key}, ${f.kind})`;
        expect(c.data_type, where).toBe(want.dataType);
        if (want.length !== undefined) expect(c.character_maximum_length, where).toBe(want.length);
        if (want.scale !== undefined) expect(c.numeric_scale, where).toBe(want.scale);
        if (f.required || f.kind === 'bool' || f.kind === 'refs' || f.kind === 'details')
          expect(c.is_nullable, where).toBe('NO');
      }
    }
  });

  it('keeps every unique field unique within the scope', () => {
    for (const def of RESOURCES) {
      for (const [key, f] of uniqueFields(def)) {
        const want = [...scopeColumns(def), f.column!].sort();
        const found = uniques.some((u) => u.table_name === def.table && [...u.columns].sort().join() === want.join());
        expect(found, `${def.table}: unique (${want.join(', ')}) for ${key}`).toBe(true);
      }
    }
  });

  it('has a foreign key within the tenant for every reference, and to the factory', () => {
    const targetOf = (name: string) => RESOURCES.find((r) => r.name === name)!;
    for (const def of RESOURCES) {
      if (def.scope === 'factory') {
        expect(
          foreignKeys.some(
            (fk) =>
              fk.table_name === def.table && fk.target === 'factory' && fk.columns.join() === 'tenant_id,factory_id',
          ),
          `${def.table} → factory`,
        ).toBe(true);
        // The factory's key carries the tenant; a key of the row's own to tenant would only add a check per write.
        expect(
          foreignKeys.filter((fk) => fk.table_name === def.table && fk.target === 'tenant'),
          `${def.table} → tenant`,
        ).toEqual([]);
      } else {
        expect(
          foreignKeys.some(
            (fk) => fk.table_name === def.table && fk.target === 'tenant' && fk.columns.join() === 'tenant_id',
          ),
          `${def.table} → tenant`,
        ).toBe(true);
      }
      for (const [key, f] of refFields(def)) {
        if (f.kind !== 'ref') continue; // arrays of ids cannot carry a foreign key; the server checks them
        const target = targetOf(f.resource);
        const fk = foreignKeys.find(
          (k) => k.table_name === def.table && k.target === target.table && k.columns.includes(f.column!),
        );
        expect(fk, `${def.table}.${f.column} (${key}) → ${target.table}`).toBeDefined();
        expect(fk!.columns, `${def.table}.${f.column}: the reference stays within the tenant`).toContain('tenant_id');
        expect(fk!.target_columns[fk!.columns.indexOf(f.column!)]).toBe('id');
      }
    }
  });

  it('has every permission code and state-change button in the seeded menu', async () => {
    const perms = new Set(
      (await db.selectFrom('menu').select('perms').where('perms', 'is not', null).execute()).map((m) => m.perms),
    );
    const missing: string[] = [];
    for (const def of RESOURCES) {
      const codes = VERBS.map((v) => permissionCode(def, v));
      for (const [, f] of statusFields(def))
        if (f.kind === 'enum') codes.push(`${def.permissions}:${f.statusVerb ?? 'edit'}`);
      for (const code of codes) if (!perms.has(code)) missing.push(code);
    }
    expect(missing).toEqual([]);
    // The menu's freeze buttons belong to the definitions' frozen states.
    const freezeButtons = [...perms].filter((p) => p?.startsWith('basic:') && p.endsWith(':freeze')).sort();
    const freezeStates = RESOURCES.filter((d) =>
      statusFields(d).some(([, f]) => f.kind === 'enum' && f.statusVerb === 'freeze'),
    )
      .map((d) => `${d.permissions}:freeze`)
      .sort();
    expect(freezeStates).toEqual(freezeButtons);
  });

  it('gives the demo tenant at least three valid rows of every resource, in its factory', async () => {
    for (const def of RESOURCES) {
      let q = db.selectFrom(sql.table(def.table).as('t')).selectAll();
      q = q.where(sql.ref('t.tenant_id'), '=', tenantId);
      if (def.scope === 'factory') q = q.where(sql.ref('t.factory_id'), '=', factoryId);
      const rows = (await q.execute()) as Record<string, unknown>[];
      expect(rows.length, def.table).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        const input = toInput(def, row);
        const parsed = inputSchema(def).safeParse(input);
        expect(parsed.success ? [] : issuesOf(parsed.error), `${def.table} ${String(input[def.codeField])}`).toEqual(
          [],
        );
      }
    }
  });

  it('seeds the dictionaries the definitions use, with the values the rows hold', async () => {
    for (const def of RESOURCES) {
      for (const [key, f] of Object.entries(def.fields)) {
        if (f.kind !== 'dict') continue;
        const items = await db
          .selectFrom('dict_item as i')
          .innerJoin('dict as d', (j) => j.onRef('d.id', '=', 'i.dict_id').onRef('d.tenant_id', '=', 'i.tenant_id'))
          .select('i.value')
          .where('d.tenant_id', '=', tenantId)
          .where('d.type', '=', f.dictType)
          .execute();
        expect(items.length, `${def.name}.${key}: dictionary ${f.dictType}`).toBeGreaterThan(0);
        const values = new Set(items.map((i) => i.value));
        const used = await db
          .selectFrom(sql.table(def.table).as('t'))
          .select(sql.ref<string>(`t.${f.column!}`).as('v'))
          .where(sql.ref('t.tenant_id'), '=', tenantId)
          .where(sql.ref(`t.${f.column!}`), 'is not', null)
          .execute();
        for (const u of used) expect(values.has(u.v), `${def.name}.${key} = ${u.v}`).toBe(true);
      }
    }
  });

  it('refuses a reference to another tenant, and deleting a referenced row', async () => {
    const other = await db
      .insertInto('tenant')
      .values({ code: 'other-md', name: 'Other' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherFactory = await db
      .insertInto('factory')
      .values({ tenant_id: other.id, code: 'F1', name: 'F1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const area = await sql<{
      warehouse_id: string;
    }>`SELECT warehouse_id FROM warehouse_area WHERE tenant_id = ${tenantId} LIMIT 1`.execute(db);
    const warehouseId = area.rows[0]!.warehouse_id;
    await expect(
      sql`INSERT INTO warehouse_area (tenant_id, factory_id, code, name, warehouse_id, type)
      VALUES (${other.id}, ${otherFactory.id}, 'X', 'X', ${warehouseId}, 'storage')`.execute(db),
    ).rejects.toThrow(/foreign key/);
    await expect(sql`DELETE FROM warehouse WHERE id = ${warehouseId}`.execute(db)).rejects.toThrow(/foreign key/);
  });

  it("refuses a factory's row whose tenant does not exist or does not own the factory", async () => {
    const count = async () =>
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM unit WHERE code = 'NO-TENANT'`.execute(db)).rows[0]!.n,
      ) +
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM shift WHERE code = 'NO-TENANT'`.execute(db)).rows[0]!.n,
      );
    const nobody = '00000000-0000-4000-8000-000000000001';
    const another = (
      await db
        .insertInto('tenant')
        .values({ code: 'other-fk', name: 'Other' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const tenant of [nobody, another])
      await expect(
        sql`INSERT INTO shift (tenant_id, factory_id, code, name, type)
        VALUES (${tenant}, ${factoryId}, 'NO-TENANT', 'X', 'day')`.execute(db),
      ).rejects.toThrow(/foreign key/);
    await expect(
      sql`INSERT INTO unit (tenant_id, code, name, type) VALUES (${nobody}, 'NO-TENANT', 'X', 'count')`.execute(db),
    ).rejects.toThrow(/foreign key/);
    expect(await count()).toBe(0);
  });
});
