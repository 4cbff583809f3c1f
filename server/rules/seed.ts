/**
 * The demo tenant's encoding and scan rules (issue 6), for the smart-meter plant of the master-data
 * seed: meter serial numbers per factory and day, SMT lot numbers per line and week, carton ids in
 * a scanner-friendly alphabet per month; and the scan rules that read a component reel label, a
 * GS1 carton label and the meters' own serial numbers back. Every row goes through its definition's
 * input schema (defaults, and the test vectors run as on a save).
 */
import { sql, type Kysely } from 'kysely';
import { inputSchema, type ResourceDef } from '../../model/resource';
import { encodingRule } from '../../model/resources/encoding-rule';
import { scanRule } from '../../model/resources/scan-rule';
import { GS } from '../../model/rules';
import type { DB } from '../db/types';

type Row = Record<string, unknown>;

const fixed = (order: number, value: string) => ({ order, paramType: 'fixed', value });
const system = (order: number, parameter: string, extra: Row = {}) => ({ order, paramType: 'system', parameter, ...extra });

export const DEMO_ENCODING_RULES: Row[] = [
  {
    name: 'SN_METER', ruleType: 'base10', startCode: '00001', endCode: '99999', resetType: 'day',
    details: [fixed(1, 'SM'), system(2, 'factoryCode'), system(3, 'date', { value: 'YYMMDD' }), system(4, 'serial')],
    remark: 'Smart meter serial number: SM + factory + production day + 5-digit serial, restarting every day',
  },
  {
    name: 'LOT_SMT', ruleType: 'base36', startCode: '001', endCode: 'ZZZ', resetType: 'week', firstWeekday: 'monday',
    details: [fixed(1, 'L'), system(2, 'lineCode'), system(3, 'year', { truncation: '3-4' }), system(4, 'week'), system(5, 'serial')],
    remark: 'SMT lot number per line and week (weeks start on Monday)',
  },
  {
    name: 'CARTON_ID', ruleType: 'custom', baseCode: '23456789ABCDEFGHJKLMNPQRSTUVWXYZ', startCode: '22222', resetType: 'month',
    details: [fixed(1, 'CT'), system(2, 'date', { value: 'YYMM' }), system(3, 'serial')],
    remark: 'Carton id without 0, 1, I and O, restarting every month',
  },
];

export const DEMO_SCAN_RULES: Row[] = [
  {
    code: 'REEL-LABEL', name: 'Component reel label', scanType: 'material', inspectionType: 'positions', barcodeLength: 25,
    parseStart: 1, parseEnd: 12, dateCodeStart: 13, dateCodeEnd: 16, dateCodeFormat: 'YYWW', snStart: 17, snEnd: 24,
    checksum: true, checksumStart: 25, checksumEnd: 25, checksumAlgorithm: 'mod43',
    testVectors: [
      { barcode: 'RC0603FR-10K2612000123451', part: 'RC0603FR-10K', sn: '00012345', dateCode: '2612' },
      { barcode: 'CL0805X7R104254900000077N', part: 'CL0805X7R104', sn: '00000077', dateCode: '2549' },
      { barcode: 'RC0603FR-10K2612000123459', accept: false },
    ],
    description: 'Supplier reel: part number, date code (year and week), reel serial, Code 39 check character',
  },
  {
    code: 'GS1-CARTON', name: 'GS1-128 carton label', scanType: 'package', inspectionType: 'gs1', barcodeLength: 80,
    testVectors: [
      { barcode: `]C10106901234567892172706301026-LOT-06A${GS}21CTN000123`, part: '06901234567892', sn: 'CTN000123', dateCode: '270630' },
      { barcode: '0106901234567891', accept: false },
    ],
    description: 'Customer carton: GTIN (01), use-by date (17), batch (10), serial (21)',
  },
  {
    code: 'METER-SN', name: 'Smart meter serial number', scanType: 'product', inspectionType: 'regex', barcodeLength: 17,
    pattern: '(?<part>SM)(?<factory>[A-Z0-9]{4})(?<dateCode>\\d{6})(?<sn>\\d{5})', dateCodeFormat: 'YYMMDD',
    testVectors: [
      { barcode: 'SMF00126061400001', part: 'SM', sn: '00001', dateCode: '260614' },
      { barcode: 'SMF00126133100001', accept: false },
    ],
    description: 'Reads the serial numbers of rule SN_METER back: factory, production day, serial',
  },
];

function columns(def: ResourceDef, row: Row): Row {
  const parsed = inputSchema(def).safeParse(row);
  if (!parsed.success) throw new Error(`seed: ${def.name} ${String(row[def.codeField])}: ${parsed.error.message}`);
  const values = parsed.data as Row;
  const out: Row = {};
  for (const [key, f] of Object.entries(def.fields)) {
    if (values[key] === undefined) continue;
    out[f.column!] = f.kind === 'details' ? JSON.stringify(values[key]) : values[key];
  }
  return out;
}

async function insert(db: Kysely<DB>, def: ResourceDef, tenantId: string, userId: string, rows: Row[]): Promise<void> {
  for (const row of rows) {
    const values: Row = { tenant_id: tenantId, ...columns(def, row), created_by: userId, updated_by: userId };
    const keys = Object.keys(values);
    await sql`insert into ${sql.table(def.table)} (${sql.join(keys.map((k) => sql.ref(k)))}) values (${sql.join(keys.map((k) => sql`${values[k]}`))})`.execute(db);
  }
}

/** Inserts the demo rules; call once, right after the tenant is created. */
export async function seedRules(db: Kysely<DB>, tenantId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insert(trx, encodingRule, tenantId, userId, DEMO_ENCODING_RULES);
    await insert(trx, scanRule, tenantId, userId, DEMO_SCAN_RULES);
  });
}
