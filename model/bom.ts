/**
 * Bills of materials as a graph: one line says "each unit of `parent` takes `dosage` of `child`,
 * plus `lossRate` per cent lost in production". Explosion multiplies down the levels; a line that
 * would make a product contain itself (directly or through its components) is refused.
 */
import { z } from 'zod';
import { Instant, Uuid } from './contract/common';

export interface BomLine {
  id: string;
  parent: string;
  child: string;
  dosage: number;
  /** Per cent of the dosage lost in production (scrap); 5 means 5 %. */
  lossRate: number;
  serialNumber: number;
}

export interface ExplodedLine {
  child: string;
  level: number;
  /** Line ids from the top product down to this line. */
  path: string[];
  /** Quantity of the child per one top product, loss included at every level. */
  quantity: number;
}

export interface ExplosionTotal {
  child: string;
  quantity: number;
  /** The lowest level the component appears on (planning uses it). */
  lowLevel: number;
}

/** Effective quantity of one line: dosage with its loss. */
export const withLoss = (line: Pick<BomLine, 'dosage' | 'lossRate'>) => line.dosage * (1 + line.lossRate / 100);

function byParent(lines: readonly BomLine[]): Map<string, BomLine[]> {
  const map = new Map<string, BomLine[]>();
  for (const l of lines) map.set(l.parent, [...(map.get(l.parent) ?? []), l]);
  for (const list of map.values())
    list.sort((a, b) => a.serialNumber - b.serialNumber || a.child.localeCompare(b.child));
  return map;
}

/**
 * Whether adding `parent → child` closes a loop: true when `child` is `parent` or already contains
 * `parent` somewhere below it.
 */
export function wouldCycle(lines: readonly BomLine[], parent: string, child: string): boolean {
  if (parent === child) return true;
  const below = byParent(lines);
  const seen = new Set<string>();
  const stack = [child];
  while (stack.length) {
    const node = stack.pop()!;
    if (node === parent) return true;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const l of below.get(node) ?? []) stack.push(l.child);
  }
  return false;
}

/** Every line below `product`, depth first in serial-number order, with quantities per one product. */
export function explode(lines: readonly BomLine[], product: string, quantity = 1, maxLevels = 50): ExplodedLine[] {
  const below = byParent(lines);
  const out: ExplodedLine[] = [];
  const walk = (node: string, qty: number, level: number, path: string[], ancestors: Set<string>) => {
    if (level > maxLevels) throw new Error(`BOM deeper than ${maxLevels} levels below ${product}`);
    for (const l of below.get(node) ?? []) {
      if (ancestors.has(l.child)) throw new Error(`BOM cycle through ${l.child}`);
      const q = qty * withLoss(l);
      const p = [...path, l.id];
      out.push({ child: l.child, level, path: p, quantity: q });
      walk(l.child, q, level + 1, p, new Set([...ancestors, l.child]));
    }
  };
  walk(product, quantity, 1, [], new Set([product]));
  return out;
}

/** Total quantity of each component per `quantity` products, summed over every place it is used. */
export function totals(exploded: readonly ExplodedLine[]): ExplosionTotal[] {
  const map = new Map<string, ExplosionTotal>();
  for (const e of exploded) {
    const t = map.get(e.child);
    if (t) {
      t.quantity += e.quantity;
      t.lowLevel = Math.max(t.lowLevel, e.level);
    } else map.set(e.child, { child: e.child, quantity: e.quantity, lowLevel: e.level });
  }
  return [...map.values()].sort((a, b) => a.lowLevel - b.lowLevel || a.child.localeCompare(b.child));
}

/** Every product that uses `component`, directly or through assemblies, with the level above it. */
export function whereUsed(lines: readonly BomLine[], component: string): { parent: string; level: number }[] {
  const above = new Map<string, string[]>();
  for (const l of lines) above.set(l.child, [...(above.get(l.child) ?? []), l.parent]);
  const out: { parent: string; level: number }[] = [];
  const seen = new Set<string>([component]);
  let frontier = [component];
  for (let level = 1; frontier.length && level <= 50; level++) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const p of above.get(node) ?? []) {
        if (seen.has(p)) continue;
        seen.add(p);
        out.push({ parent: p, level });
        next.push(p);
      }
    }
    frontier = next;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The HTTP contract of /api/basic-system/bom (server/bom/routes.ts, subapps/basic/bom/).

/** Permission codes; they match the menu `/basic/bom` and its buttons. */
export const BOM_PERMISSIONS = {
  view: 'basic:bom:view',
  add: 'basic:bom:add',
  edit: 'basic:bom:edit',
  delete: 'basic:bom:delete',
  import: 'basic:bom:import',
  export: 'basic:bom:export',
} as const;

/** Field → label key (namespace `model`) of a line, for validation messages and sheet headers. */
export const BOM_LABELS = {
  parentId: 'bom.parent',
  componentId: 'bom.component',
  lineNo: 'bom.lineNo',
  dosage: 'bom.dosage',
  dosageUnitId: 'bom.dosageUnit',
  lossRate: 'bom.lossRate',
  priority: 'bom.priority',
  ecnNumber: 'bom.ecnNumber',
} as const;

/** Columns of the export and import sheet, in order (a material or unit by its code). */
export const BOM_SHEET_COLUMNS = [
  'parentId',
  'lineNo',
  'componentId',
  'dosage',
  'dosageUnitId',
  'lossRate',
  'priority',
  'ecnNumber',
] as const;
export type BomSheetColumn = (typeof BOM_SHEET_COLUMNS)[number];

const uuid = z
  .string({ error: 'validation.required' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'validation.reference' });
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const decimal = (scale: number) => (v: number) => Math.abs(v * 10 ** scale - Math.round(v * 10 ** scale)) < 1e-6;

/** The editable part of a line: the same schema on the form and the server. */
export const bomLineFields = {
  lineNo: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.tooSmall' })
    .max(99999, { error: 'validation.tooLarge' }),
  dosage: z.coerce
    .number({ error: 'validation.number' })
    .gt(0, { error: 'validation.tooSmall' })
    .max(999999999999, { error: 'validation.tooLarge' })
    .refine(decimal(6), { error: 'validation.scale' }),
  dosageUnitId: z.preprocess(blankToNull, uuid.nullable()).optional().default(null),
  lossRate: z
    .preprocess(
      blankToNull,
      z.coerce
        .number({ error: 'validation.number' })
        .min(0, { error: 'validation.tooSmall' })
        .max(100, { error: 'validation.tooLarge' })
        .refine(decimal(4), { error: 'validation.scale' })
        .nullable(),
    )
    .optional()
    .default(0),
  priority: z
    .preprocess(
      blankToNull,
      z.coerce
        .number({ error: 'validation.number' })
        .int({ error: 'validation.integer' })
        .min(0, { error: 'validation.tooSmall' })
        .max(9999, { error: 'validation.tooLarge' })
        .nullable(),
    )
    .optional()
    .default(null),
  ecnNumber: z
    .preprocess(blankToNull, z.string().trim().max(64, { error: 'validation.tooLong' }).nullable())
    .optional()
    .default(null),
};

export const bomLineInput = z.object({ parentId: uuid, componentId: uuid, ...bomLineFields });
export type BomLineInput = z.input<typeof bomLineInput>;
/** An edit may change the component and every field; the parent stays. */
export const bomLineUpdate = z.object({ componentId: uuid, ...bomLineFields });
export type BomLineUpdate = z.input<typeof bomLineUpdate>;

export const BomMaterial = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    type: z.string(),
    unitCode: z.string().nullable().meta({ description: "The material's basic unit code" }),
  })
  .meta({ id: 'BomMaterial' });
export type BomMaterial = z.infer<typeof BomMaterial>;

/** A stored line with the component and unit it names. */
export const BomLineRow = z
  .object({
    id: Uuid,
    parentId: Uuid,
    component: BomMaterial,
    lineNo: z.number().int(),
    dosage: z.number(),
    dosageUnitId: Uuid.nullable(),
    dosageUnitCode: z.string().nullable(),
    lossRate: z.number(),
    priority: z.number().int().nullable(),
    ecnNumber: z.string().nullable(),
    updatedAt: Instant,
  })
  .meta({ id: 'BomLine' });
export type BomLineRow = z.infer<typeof BomLineRow>;

/** A line in the tree; `children` are the component's own lines (empty for a bought part). */
export type BomTreeNode = BomLineRow & { level: number; children: BomTreeNode[] };
export const BomTreeNode: z.ZodType<BomTreeNode> = BomLineRow.extend({
  level: z.number().int(),
  get children() {
    return z.array(BomTreeNode);
  },
}).meta({ id: 'BomTreeNode' });

export const BomTree = z
  .object({
    material: BomMaterial,
    children: z.array(BomTreeNode),
  })
  .meta({ id: 'BomTree' });
export type BomTree = z.infer<typeof BomTree>;

/** A material that has lines (a product or an assembly), for the list on the left. */
export const BomProduct = BomMaterial.extend({
  lineCount: z.number().int(),
  updatedAt: Instant,
}).meta({ id: 'BomProduct' });
export type BomProduct = z.infer<typeof BomProduct>;

/** Materials to pick as a parent or component, and the units to pick. */
export const BomChoices = z
  .object({
    materials: z.array(BomMaterial),
    units: z.array(z.object({ id: Uuid, code: z.string(), name: z.string() })),
  })
  .meta({ id: 'BomChoices' });
export type BomChoices = z.infer<typeof BomChoices>;

export const BomExplosionRow = z
  .object({
    lineId: Uuid,
    level: z.number().int(),
    path: z.array(z.string()).meta({ description: 'Material codes from the top product down to this component' }),
    component: BomMaterial,
    dosage: z.number(),
    lossRate: z.number(),
    dosageUnitCode: z.string().nullable(),
    quantity: z
      .number()
      .meta({ description: 'For the requested quantity of the top product, loss included at every level' }),
  })
  .meta({ id: 'BomExplosionRow' });
export type BomExplosionRow = z.infer<typeof BomExplosionRow>;

export const BomExplosionTotal = z
  .object({
    component: BomMaterial,
    quantity: z.number(),
    lowLevel: z.number().int(),
  })
  .meta({ id: 'BomExplosionTotal' });
export type BomExplosionTotal = z.infer<typeof BomExplosionTotal>;

export const BomExplosion = z
  .object({
    material: BomMaterial,
    quantity: z.number(),
    rows: z.array(BomExplosionRow),
    totals: z.array(BomExplosionTotal),
  })
  .meta({ id: 'BomExplosion' });
export type BomExplosion = z.infer<typeof BomExplosion>;

export const BomWhereUsedRow = z
  .object({
    parent: BomMaterial,
    level: z.number().int().meta({ description: '1 = uses the component directly' }),
    path: z
      .array(z.string())
      .meta({ description: 'Material codes from this parent down to the component (one of the ways)' }),
  })
  .meta({ id: 'BomWhereUsedRow' });
export type BomWhereUsedRow = z.infer<typeof BomWhereUsedRow>;

export const BomWhereUsed = z
  .object({
    material: BomMaterial,
    rows: z.array(BomWhereUsedRow),
  })
  .meta({ id: 'BomWhereUsed' });
export type BomWhereUsed = z.infer<typeof BomWhereUsed>;

export const BomImportError = z
  .object({
    row: z.number().int().meta({ description: '1-based sheet row (the header is row 1)' }),
    field: z.string(),
    key: z.string(),
    message: z.string(),
  })
  .meta({ id: 'BomImportError' });
export type BomImportError = z.infer<typeof BomImportError>;

export const BomImportResult = z
  .object({
    total: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    errors: z.array(BomImportError),
    reportId: z
      .string()
      .nullable()
      .meta({ description: 'A failed import: the id of its error report (GET bom/import/report/:id)' }),
    importId: z.string().nullable().optional().meta({ description: "Ties the import's history entries together" }),
  })
  .meta({ id: 'BomImportResult' });
export type BomImportResult = z.infer<typeof BomImportResult>;

/** Exact decimals for display and sums: rounds away binary noise (12 places). */
export const roundQuantity = (n: number) => Math.round(n * 1e9) / 1e9;
