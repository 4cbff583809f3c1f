/**
 * Reads and checks of bills of materials (table `bom_line`, migration 024). A dedicated module next
 * to the resource engine: a line's key is (parent, line number), which the engine's single business
 * key cannot express. Every query is scoped by tenant; walks go through recursive queries whose
 * UNION stops at materials already reached, so even a damaged (cyclic) table cannot loop forever.
 */
import { sql, type Kysely } from 'kysely';
import type { BomLineRow, BomMaterial, BomTreeNode } from '../../model/bom';
import type { DB } from '../db/types';
import '../db/types-bom';
import { iso } from '../dates';

/** The columns of the engine's tables this module reads (they are not in the static `DB`). */
interface MaterialView {
  tenant_id: string;
  id: string;
  code: string;
  name: string;
  type: string;
  basic_unit_id: string;
}
interface UnitView {
  tenant_id: string;
  id: string;
  code: string;
  name: string;
}
export type BomDb = Kysely<DB & { material: MaterialView; unit: UnitView }>;

export const bomDb = (db: Kysely<DB>): BomDb => db.withTables<{ material: MaterialView; unit: UnitView }>();

/** Materials by id (only the tenant's). */
export async function materialsById(
  db: BomDb,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, BomMaterial>> {
  const out = new Map<string, BomMaterial>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('material as m')
    .leftJoin('unit as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.basic_unit_id'))
    .select(['m.id', 'm.code', 'm.name', 'm.type', 'u.code as unit_code'])
    .where('m.tenant_id', '=', tenantId)
    .where('m.id', 'in', [...new Set(ids)])
    .execute();
  for (const r of rows) out.set(r.id, { id: r.id, code: r.code, name: r.name, type: r.type, unitCode: r.unit_code });
  return out;
}

/** Materials by code (only the tenant's). */
export async function materialsByCode(
  db: BomDb,
  tenantId: string,
  codes: readonly string[],
): Promise<Map<string, BomMaterial>> {
  const out = new Map<string, BomMaterial>();
  const unique = [...new Set(codes)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .selectFrom('material as m')
      .leftJoin('unit as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.basic_unit_id'))
      .select(['m.id', 'm.code', 'm.name', 'm.type', 'u.code as unit_code'])
      .where('m.tenant_id', '=', tenantId)
      .where('m.code', 'in', unique.slice(i, i + 1000))
      .execute();
    for (const r of rows)
      out.set(r.code, { id: r.id, code: r.code, name: r.name, type: r.type, unitCode: r.unit_code });
  }
  return out;
}

export async function unitsByCode(db: BomDb, tenantId: string, codes: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('unit')
    .select(['id', 'code'])
    .where('tenant_id', '=', tenantId)
    .where('code', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function unitExists(db: BomDb, tenantId: string, id: string): Promise<boolean> {
  return !!(await db
    .selectFrom('unit')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst());
}

/** A line as stored, numbers as numbers: the answered line with its component's id alone. */
export type StoredLine = Omit<BomLineRow, 'component'> & { componentId: string };

function linesQuery(db: BomDb, tenantId: string) {
  return db
    .selectFrom('bom_line as l')
    .leftJoin('unit as u', (j) => j.onRef('u.tenant_id', '=', 'l.tenant_id').onRef('u.id', '=', 'l.dosage_unit_id'))
    .select([
      'l.id',
      'l.parent_material_id',
      'l.component_material_id',
      'l.line_no',
      'l.dosage',
      'l.dosage_unit_id',
      'u.code as unit_code',
      'l.loss_rate',
      'l.priority',
      'l.ecn_number',
      'l.updated_at',
    ])
    .where('l.tenant_id', '=', tenantId);
}
type LineRecord = Awaited<ReturnType<ReturnType<typeof linesQuery>['execute']>>[number];

const toStored = (r: LineRecord): StoredLine => ({
  id: r.id,
  parentId: r.parent_material_id,
  componentId: r.component_material_id,
  lineNo: Number(r.line_no),
  dosage: Number(r.dosage),
  dosageUnitId: r.dosage_unit_id,
  dosageUnitCode: r.unit_code,
  lossRate: Number(r.loss_rate),
  priority: r.priority === null ? null : Number(r.priority),
  ecnNumber: r.ecn_number,
  updatedAt: iso(r.updated_at),
});

export async function lineById(db: BomDb, tenantId: string, id: string): Promise<StoredLine | null> {
  const r = await linesQuery(db, tenantId).where('l.id', '=', id).executeTakeFirst();
  return r ? toStored(r) : null;
}

/** Every line of the tenant (export of everything, checks of an import). */
export async function allLines(db: BomDb, tenantId: string): Promise<StoredLine[]> {
  return (await linesQuery(db, tenantId).orderBy('l.line_no').execute()).map(toStored);
}

/**
 * The tenant's lines whose `from` end is `materialId` or a material reached from it by walking
 * lines from their `from` end to their other one (down: from parent to component; up: the reverse).
 */
function linesReached(db: BomDb, tenantId: string, materialId: string, from: 'parent' | 'component') {
  const near = sql.ref(`l.${from}_material_id`);
  const far = sql.ref(`l.${from === 'parent' ? 'component' : 'parent'}_material_id`);
  const reached = sql<{ material_id: string }>`(
    with recursive reached(material_id) as (
      select ${materialId}::uuid
      union
      select ${far} from bom_line l join reached r on ${near} = r.material_id
      where l.tenant_id = ${tenantId}::uuid
    ) select material_id from reached)`;
  return linesQuery(db, tenantId).where(`l.${from}_material_id`, 'in', (eb) =>
    eb.selectFrom(reached.as('r')).select('r.material_id'),
  );
}

/** Every line below `materialId` (its own lines, its components' lines, and so on). */
export async function linesBelow(db: BomDb, tenantId: string, materialId: string): Promise<StoredLine[]> {
  return (await linesReached(db, tenantId, materialId, 'parent').orderBy('l.line_no').execute()).map(toStored);
}

/** Every line above `materialId` (the lines using it, the lines using those parents, and so on). */
export async function linesAbove(db: BomDb, tenantId: string, materialId: string): Promise<StoredLine[]> {
  return (await linesReached(db, tenantId, materialId, 'component').execute()).map(toStored);
}

/**
 * The way from `from` down to `to` through `lines` (material ids, both ends included), or null.
 * Breadth first, so the shortest way is named.
 */
export function pathDown(
  lines: readonly Pick<StoredLine, 'parentId' | 'componentId'>[],
  from: string,
  to: string,
): string[] | null {
  if (from === to) return [from];
  const below = new Map<string, string[]>();
  for (const l of lines) below.set(l.parentId, [...(below.get(l.parentId) ?? []), l.componentId]);
  const came = new Map<string, string>([[from, from]]);
  let frontier = [from];
  while (frontier.length) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const c of below.get(node) ?? []) {
        if (came.has(c)) continue;
        came.set(c, node);
        if (c === to) {
          const path = [c];
          let at = c;
          while (at !== from) path.unshift((at = came.get(at)!));
          return path;
        }
        next.push(c);
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * Whether the line `parent → component` would close a loop with the lines stored (minus `ignoreLineId`,
 * the line being edited): the loop as material ids (parent … parent), or null.
 */
export async function cycleThrough(
  db: BomDb,
  tenantId: string,
  parentId: string,
  componentId: string,
  ignoreLineId?: string,
): Promise<string[] | null> {
  if (parentId === componentId) return [parentId, parentId];
  const lines = (await linesBelow(db, tenantId, componentId)).filter((l) => l.id !== ignoreLineId);
  const down = pathDown(lines, componentId, parentId);
  return down ? [parentId, ...down] : null;
}

export function toRow(l: StoredLine, materials: Map<string, BomMaterial>): BomLineRow {
  const component = materials.get(l.componentId) ?? {
    id: l.componentId,
    code: '?',
    name: '?',
    type: '',
    unitCode: null,
  };
  return {
    id: l.id,
    parentId: l.parentId,
    component,
    lineNo: l.lineNo,
    dosage: l.dosage,
    dosageUnitId: l.dosageUnitId,
    dosageUnitCode: l.dosageUnitCode,
    lossRate: l.lossRate,
    priority: l.priority,
    ecnNumber: l.ecnNumber,
    updatedAt: l.updatedAt,
  };
}

/** The tree below `root` from its lines; a component reached again on the same branch is not expanded again. */
export function buildTree(
  lines: readonly StoredLine[],
  root: string,
  materials: Map<string, BomMaterial>,
  maxLevels = 50,
): BomTreeNode[] {
  const byParent = new Map<string, StoredLine[]>();
  for (const l of lines) byParent.set(l.parentId, [...(byParent.get(l.parentId) ?? []), l]);
  for (const list of byParent.values()) list.sort((a, b) => a.lineNo - b.lineNo);
  const walk = (node: string, level: number, ancestors: Set<string>): BomTreeNode[] =>
    (byParent.get(node) ?? []).map((l) => ({
      ...toRow(l, materials),
      level,
      children:
        level >= maxLevels || ancestors.has(l.componentId)
          ? []
          : walk(l.componentId, level + 1, new Set([...ancestors, l.componentId])),
    }));
  return walk(root, 1, new Set([root]));
}
