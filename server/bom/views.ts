/** The BOM read from below and above a material: its tree, its explosion for a quantity, where it is used, its export. */
import {
  explode,
  roundQuantity,
  totals,
  whereUsed,
  type BomExplosion,
  type BomLine,
  type BomMaterial,
  type BomTree,
  type BomWhereUsed,
} from '../../model/bom';
import { ApiError } from '../http';
import type { ExportLine } from './sheet';
import {
  allLines,
  buildTree,
  linesAbove,
  linesBelow,
  materialsById,
  pathDown,
  type BomDb,
  type StoredLine,
} from './store';

/** The tenant's material `id`; 404 when there is none. */
export async function materialOf(db: BomDb, tenantId: string, id: string): Promise<BomMaterial> {
  const m = (await materialsById(db, tenantId, [id])).get(id);
  if (!m) throw new ApiError(404, 'error.notFound');
  return m;
}

const graphOf = (lines: readonly StoredLine[]): BomLine[] =>
  lines.map((l) => ({
    id: l.id,
    parent: l.parentId,
    child: l.componentId,
    dosage: l.dosage,
    lossRate: l.lossRate,
    serialNumber: l.lineNo,
  }));

/** A product, every line below it, and the materials those lines use. */
async function below(db: BomDb, tenantId: string, materialId: string) {
  const root = await materialOf(db, tenantId, materialId);
  const lines = await linesBelow(db, tenantId, root.id);
  const materials = await materialsById(
    db,
    tenantId,
    lines.map((l) => l.componentId),
  );
  return { root, lines, materials };
}

export async function treeOf(db: BomDb, tenantId: string, materialId: string): Promise<BomTree> {
  const { root, lines, materials } = await below(db, tenantId, materialId);
  return { material: root, children: buildTree(lines, root.id, materials) };
}

export async function explosionOf(
  db: BomDb,
  tenantId: string,
  materialId: string,
  quantity: number,
): Promise<BomExplosion> {
  const { root, lines, materials } = await below(db, tenantId, materialId);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const exploded = explode(graphOf(lines), root.id, quantity);
  const mat = (id: string) => materials.get(id) ?? { id, code: '?', name: '?', type: '', unitCode: null };
  const rows = exploded.map((e) => {
    const line = byId.get(e.path[e.path.length - 1]!)!;
    return {
      lineId: line.id,
      level: e.level,
      path: [root.code, ...e.path.map((lid) => mat(byId.get(lid)!.componentId).code)],
      component: mat(e.child),
      dosage: line.dosage,
      lossRate: line.lossRate,
      dosageUnitCode: line.dosageUnitCode,
      quantity: roundQuantity(e.quantity),
    };
  });
  const sums = totals(exploded)
    .map((t) => ({ component: mat(t.child), quantity: roundQuantity(t.quantity), lowLevel: t.lowLevel }))
    .sort((a, b) => a.lowLevel - b.lowLevel || a.component.code.localeCompare(b.component.code));
  return { material: root, quantity, rows, totals: sums };
}

export async function whereUsedOf(db: BomDb, tenantId: string, materialId: string): Promise<BomWhereUsed> {
  const target = await materialOf(db, tenantId, materialId);
  const lines = await linesAbove(db, tenantId, target.id);
  const used = whereUsed(graphOf(lines), target.id);
  const materials = await materialsById(
    db,
    tenantId,
    used.map((u) => u.parent),
  );
  const codes = new Map<string, string>([
    ...[...materials.values()].map((m): [string, string] => [m.id, m.code]),
    [target.id, target.code],
  ]);
  const rows = used
    .filter((u) => materials.has(u.parent))
    .map((u) => ({
      parent: materials.get(u.parent)!,
      level: u.level,
      path: (pathDown(lines, u.parent, target.id) ?? []).map((id) => codes.get(id) ?? id),
    }))
    .sort((a, b) => a.level - b.level || a.parent.code.localeCompare(b.parent.code));
  return { material: target, rows };
}

/** The lines of an export (every level below `materialId`, or the tenant's whole BOM), by parent code and line number. */
export async function exportLines(db: BomDb, tenantId: string, materialId: string | undefined): Promise<ExportLine[]> {
  const lines = materialId
    ? (await materialOf(db, tenantId, materialId), await linesBelow(db, tenantId, materialId))
    : await allLines(db, tenantId);
  const materials = await materialsById(
    db,
    tenantId,
    lines.flatMap((l) => [l.parentId, l.componentId]),
  );
  const code = (id: string) => materials.get(id)?.code ?? '';
  const sorted = [...lines].sort((a, b) => code(a.parentId).localeCompare(code(b.parentId)) || a.lineNo - b.lineNo);
  return sorted.map((l) => ({
    parentCode: code(l.parentId),
    lineNo: l.lineNo,
    componentCode: code(l.componentId),
    dosage: l.dosage,
    unitCode: l.dosageUnitCode,
    lossRate: l.lossRate,
    priority: l.priority,
    ecnNumber: l.ecnNumber,
  }));
}
