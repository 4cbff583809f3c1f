/**
 * Bills of materials as a graph: one line says "each unit of `parent` takes `dosage` of `child`,
 * plus `lossRate` per cent lost in production". Explosion multiplies down the levels; a line that
 * would make a product contain itself (directly or through its components) is refused.
 */

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
  for (const list of map.values()) list.sort((a, b) => a.serialNumber - b.serialNumber || a.child.localeCompare(b.child));
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
    if (t) { t.quantity += e.quantity; t.lowLevel = Math.max(t.lowLevel, e.level); } else map.set(e.child, { child: e.child, quantity: e.quantity, lowLevel: e.level });
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
