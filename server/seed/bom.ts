/** Two-level demo BOMs of the single-phase meter (Suzhou) and the three-phase meter (Hanoi), from the seeded materials. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import '../db/types-bom';
import { Ids } from './rows';

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
  const ids = await new Ids().read(db, tenantId, 'material', 'unit');
  const rows = LINES.filter(([p, , c]) => ids.find('material', p) && ids.find('material', c)).map(
    ([p, lineNo, c, dosage, unit, lossRate]) => ({
      tenant_id: tenantId,
      parent_material_id: ids.get('material', p),
      component_material_id: ids.get('material', c),
      line_no: lineNo,
      dosage,
      dosage_unit_id: ids.find('unit', unit) ?? null,
      loss_rate: lossRate,
      created_by: userId,
      updated_by: userId,
    }),
  );
  if (rows.length) await db.insertInto('bom_line').values(rows).execute();
}
