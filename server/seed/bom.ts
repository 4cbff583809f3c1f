/** Two-level demo BOMs of the single-phase meter (Suzhou) and the three-phase meter (Hanoi), from the seeded materials. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import '../db/types-bom';

type Line = [parent: string, lineNo: number, component: string, dosage: number, unit: string, lossRate: number];

const LINES: Line[] = [
  ['METER-1P-DDSU', 10, 'PCBA-METER-1P', 1, 'PCS', 0],
  ['METER-1P-DDSU', 20, 'CASE-METER-1P', 1, 'PCS', 0.5],
  ['METER-1P-DDSU', 30, 'SCREW-M3X8', 4, 'PCS', 2],
  ['METER-1P-DDSU', 40, 'CTN-METER', 1, 'PCS', 0],
  ['PCBA-METER-1P', 10, 'IC-MCU-STM32', 1, 'PCS', 0.2],
  ['PCBA-METER-1P', 20, 'RES-0603-10K', 12, 'PCS', 1],
  ['PCBA-METER-1P', 30, 'CAP-0402-100N', 8, 'PCS', 1.5],
  ['METER-3P-DTSU', 10, 'PCBA-METER-3P', 1, 'PCS', 0],
  ['METER-3P-DTSU', 20, 'CASE-METER-3P', 1, 'PCS', 0.5],
  ['METER-3P-DTSU', 30, 'TERM-BLOCK-3P', 1, 'PCS', 0.2],
  ['METER-3P-DTSU', 40, 'SCREW-M3X8', 6, 'PCS', 2],
  ['METER-3P-DTSU', 50, 'CTN-METER', 1, 'PCS', 0],
  ['PCBA-METER-3P', 10, 'IC-MCU-STM32', 1, 'PCS', 0.2],
  ['PCBA-METER-3P', 20, 'RES-0603-10K', 24, 'PCS', 1],
  ['PCBA-METER-3P', 30, 'CAP-0402-100N', 16, 'PCS', 1.5],
];

export async function seedBom(db: Kysely<DB>, tenantId: string, userId: string): Promise<void> {
  const t = db.withTables<{
    material: { tenant_id: string; id: string; code: string };
    unit: { tenant_id: string; id: string; code: string };
  }>();
  const materials = new Map(
    (await t.selectFrom('material').select(['id', 'code']).where('tenant_id', '=', tenantId).execute()).map((m) => [
      m.code,
      m.id,
    ]),
  );
  const units = new Map(
    (await t.selectFrom('unit').select(['id', 'code']).where('tenant_id', '=', tenantId).execute()).map((u) => [
      u.code,
      u.id,
    ]),
  );
  const rows = LINES.filter(([p, , c]) => materials.has(p) && materials.has(c)).map(
    ([p, lineNo, c, dosage, unit, lossRate]) => ({
      tenant_id: tenantId,
      parent_material_id: materials.get(p)!,
      component_material_id: materials.get(c)!,
      line_no: lineNo,
      dosage,
      dosage_unit_id: units.get(unit) ?? null,
      loss_rate: lossRate,
      created_by: userId,
      updated_by: userId,
    }),
  );
  if (rows.length) await db.insertInto('bom_line').values(rows).execute();
}
