import type { MenuApplicationEntry } from '../../../model/helper';

/** A row of the application form: an entry with the code of its parent (empty at the top). */
export interface EntryRow {
  key: number;
  parent: string;
  type: MenuApplicationEntry['type'];
  code: string;
  nameZh: string;
  nameEn: string;
  path: string;
  perms: string;
}

/** Builds the tree the server expects from the form's flat rows (rows whose parent is unknown go to the top). */
export function treeOf(rows: readonly EntryRow[]): MenuApplicationEntry[] {
  const nodes = new Map<string, MenuApplicationEntry>();
  for (const r of rows) {
    nodes.set(r.code, {
      code: r.code.trim(),
      type: r.type,
      names: { 'zh-CN': r.nameZh.trim(), ...(r.nameEn.trim() ? { en: r.nameEn.trim() } : {}) },
      path: r.path.trim() || null,
      perms: r.perms.trim() || null,
      children: [],
    });
  }
  const top: MenuApplicationEntry[] = [];
  for (const r of rows) {
    const node = nodes.get(r.code)!;
    const parent = r.parent ? nodes.get(r.parent) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else top.push(node);
  }
  return top;
}
