/** The BOM screen's lists: the materials that have a BOM, and the materials and units to choose from. */
import type { BomMaterial } from '../../model/bom';
import type { BomDb } from './store';
import { containsPattern } from '../db/patterns';
import { iso } from '../dates';

export interface PageQuery {
  keyword?: string;
  page: number;
  size: number;
}

/** A page of the tenant's products: materials with lines below them, by code, matching the keyword. */
export async function productsPage(db: BomDb, tenantId: string, query: PageQuery) {
  let q = db
    .selectFrom('bom_line as l')
    .innerJoin('material as m', (j) =>
      j.onRef('m.tenant_id', '=', 'l.tenant_id').onRef('m.id', '=', 'l.parent_material_id'),
    )
    .leftJoin('unit as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.basic_unit_id'))
    .where('l.tenant_id', '=', tenantId);
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    q = q.where((eb) => eb.or([eb('m.code', 'ilike', like), eb('m.name', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    q
      .select((eb) => [
        'm.id',
        'm.code',
        'm.name',
        'm.type',
        'u.code as unit_code',
        eb.fn.countAll<string>().as('n'),
        eb.fn.max('l.updated_at').as('updated_at'),
      ])
      .groupBy(['m.id', 'm.code', 'm.name', 'm.type', 'u.code'])
      .orderBy('m.code')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    q.select((eb) => eb.fn.count<string>('l.parent_material_id').distinct().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      type: r.type,
      unitCode: r.unit_code,
      lineCount: Number(r.n),
      updatedAt: iso(r.updated_at as Date),
    })),
    total: Number(count.n),
    page: query.page,
    size: query.size,
  };
}

/** A page of the tenant's materials matching the keyword, and its units (the first 500 by code). */
export async function materialChoices(db: BomDb, tenantId: string, query: PageQuery) {
  let q = db
    .selectFrom('material as m')
    .leftJoin('unit as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.basic_unit_id'))
    .select(['m.id', 'm.code', 'm.name', 'm.type', 'u.code as unit_code'])
    .where('m.tenant_id', '=', tenantId);
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    q = q.where((eb) => eb.or([eb('m.code', 'ilike', like), eb('m.name', 'ilike', like)]));
  }
  const [rows, units] = await Promise.all([
    q
      .orderBy('m.code')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    db
      .selectFrom('unit')
      .select(['id', 'code', 'name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('code')
      .limit(500)
      .execute(),
  ]);
  return {
    materials: rows.map((r): BomMaterial => ({
      id: r.id,
      code: r.code,
      name: r.name,
      type: r.type,
      unitCode: r.unit_code,
    })),
    units,
  };
}
