/**
 * The demo tenant's encoding and scan rules (issue 6), for the smart-meter plant of the master-data
 * seed: meter serial numbers per factory and day, SMT lot numbers per line and week, carton ids in
 * a scanner-friendly alphabet per month; and the scan rules that read a component reel label, a
 * GS1 carton label and the meters' own serial numbers back. Every row goes through its definition's
 * input schema (defaults, and the test vectors run as on a save).
 */
import type { Kysely } from 'kysely';
import { GS } from '../../model/rules';
import { inTransaction } from '../db/in-transaction';
import type { DB } from '../db/types';
import { Ids, insertRows, type Row } from './rows';

const fixed = (order: number, value: string) => ({ order, paramType: 'fixed', value });
const system = (order: number, parameter: string, extra: Row = {}) => ({
  order,
  paramType: 'system',
  parameter,
  ...extra,
});

export const DEMO_ENCODING_RULES: Row[] = [
  {
    name: 'SN_METER',
    ruleType: 'base10',
    startCode: '00001',
    endCode: '99999',
    resetType: 'day',
    details: [fixed(1, 'SM'), system(2, 'factoryCode'), system(3, 'date', { value: 'YYMMDD' }), system(4, 'serial')],
    remark: 'Smart meter serial number: SM + factory + production day + 5-digit serial, restarting every day',
  },
  {
    name: 'LOT_SMT',
    ruleType: 'base36',
    startCode: '001',
    endCode: 'ZZZ',
    resetType: 'week',
    firstWeekday: 'monday',
    details: [
      fixed(1, 'L'),
      system(2, 'lineCode'),
      system(3, 'year', { truncation: '3-4' }),
      system(4, 'week'),
      system(5, 'serial'),
    ],
    remark: 'SMT lot number per line and week (weeks start on Monday)',
  },
  {
    name: 'CARTON_ID',
    ruleType: 'custom',
    baseCode: '23456789ABCDEFGHJKLMNPQRSTUVWXYZ',
    startCode: '22222',
    resetType: 'month',
    details: [fixed(1, 'CT'), system(2, 'date', { value: 'YYMM' }), system(3, 'serial')],
    remark: 'Carton id without 0, 1, I and O, restarting every month',
  },
];

export const DEMO_SCAN_RULES: Row[] = [
  {
    code: 'REEL-LABEL',
    name: 'Component reel label',
    scanType: 'material',
    inspectionType: 'positions',
    barcodeLength: 25,
    parseStart: 1,
    parseEnd: 12,
    dateCodeStart: 13,
    dateCodeEnd: 16,
    dateCodeFormat: 'YYWW',
    snStart: 17,
    snEnd: 24,
    checksum: true,
    checksumStart: 25,
    checksumEnd: 25,
    checksumAlgorithm: 'mod43',
    testVectors: [
      { barcode: 'RC0603FR-10K2612000123451', part: 'RC0603FR-10K', sn: '00012345', dateCode: '2612' },
      { barcode: 'CL0805X7R104254900000077N', part: 'CL0805X7R104', sn: '00000077', dateCode: '2549' },
      { barcode: 'RC0603FR-10K2612000123459', accept: false },
    ],
    description: 'Supplier reel: part number, date code (year and week), reel serial, Code 39 check character',
  },
  {
    code: 'GS1-CARTON',
    name: 'GS1-128 carton label',
    scanType: 'package',
    inspectionType: 'gs1',
    barcodeLength: 80,
    testVectors: [
      {
        barcode: `]C10106901234567892172706301026-LOT-06A${GS}21CTN000123`,
        part: '06901234567892',
        sn: 'CTN000123',
        dateCode: '270630',
      },
      { barcode: '0106901234567891', accept: false },
    ],
    description: 'Customer carton: GTIN (01), use-by date (17), batch (10), serial (21)',
  },
  {
    code: 'METER-SN',
    name: 'Smart meter serial number',
    scanType: 'product',
    inspectionType: 'regex',
    barcodeLength: 17,
    pattern: '(?<part>SM)(?<factory>[A-Z0-9]{4})(?<dateCode>\\d{6})(?<sn>\\d{5})',
    dateCodeFormat: 'YYMMDD',
    testVectors: [
      { barcode: 'SMF00126061400001', part: 'SM', sn: '00001', dateCode: '260614' },
      { barcode: 'SMF00126133100001', accept: false },
    ],
    description: 'Reads the serial numbers of rule SN_METER back: factory, production day, serial',
  },
];

const item = (type: string, x: number, y: number, width: number, height: number, extra: Row = {}) => ({
  type,
  x,
  y,
  width,
  height,
  ...extra,
});

/** A meter's nameplate label and a carton label, printed with the codes of the rules above. */
export const DEMO_PRINT_TEMPLATES: Row[] = [
  {
    code: 'METER-LABEL',
    name: 'Meter nameplate label',
    templateType: 'label',
    fileType: 'pdf',
    labelPartNumber: 'LBL-SM-60X40',
    codeType: 'code128',
    colour: 'black',
    defaultQuantity: 1,
    pageWidth: 60,
    pageHeight: 40,
    defaultContent: JSON.stringify({ model: 'DDZY-1500', sn: 'SMF00126061400001', date: '2026-06-14' }),
    items: [
      item('text', 3, 2, 54, 6, { text: 'Smart meter', fontSize: 12 }),
      item('text', 3, 9, 54, 5, { key: 'model', fontSize: 9 }),
      item('barcode', 3, 15, 54, 12, { key: 'sn' }),
      item('text', 3, 28, 54, 5, { key: 'sn', fontSize: 9 }),
      item('text', 3, 34, 54, 4, { key: 'date', fontSize: 7 }),
    ],
  },
  {
    code: 'CARTON-LABEL',
    name: 'Carton label',
    templateType: 'label',
    fileType: 'pdf',
    labelPartNumber: 'LBL-CT-100X70',
    codeType: 'qrcode',
    colour: 'black',
    defaultQuantity: 2,
    pageWidth: 100,
    pageHeight: 70,
    defaultContent: 'carton=CT2606222222\nqty=24\nmodel=DDZY-1500',
    items: [
      item('text', 5, 5, 60, 8, { text: 'CARTON', fontSize: 16 }),
      item('text', 5, 16, 60, 6, { key: 'carton', fontSize: 11 }),
      item('text', 5, 24, 60, 6, { key: 'model', fontSize: 11 }),
      item('text', 5, 32, 60, 6, { key: 'qty', fontSize: 11 }),
      item('qrcode', 68, 5, 27, 27, { key: 'carton' }),
      item('datamatrix', 68, 38, 20, 20, { key: 'carton' }),
    ],
  },
  {
    code: 'PCB-LABEL',
    name: 'Board traceability label',
    templateType: 'label',
    fileType: 'pdf',
    labelPartNumber: 'LBL-PCB-30X10',
    codeType: 'datamatrix',
    colour: 'black',
    defaultQuantity: 1,
    pageWidth: 30,
    pageHeight: 10,
    defaultContent: JSON.stringify({ sn: 'PB2606140001' }),
    items: [item('datamatrix', 1, 1, 8, 8, { key: 'sn' }), item('text', 11, 3, 18, 4, { key: 'sn', fontSize: 6 })],
  },
];

/** Meters 4 a box, 24 a carton (final, labelled for the warehouse), by the units and templates above. */
export const DEMO_PACKAGING_RULES: Row[] = [
  {
    code: 'PK-METER-BOX',
    name: 'Meter box',
    type: 'box',
    unitId: 'PCS',
    targetQuantity: 4,
    packagingType: 'box',
    details: [
      { order: 1, level: 'inner', quantity: 1 },
      { order: 2, level: 'box', quantity: 4 },
    ],
  },
  {
    code: 'PK-METER-CTN',
    name: 'Meter carton',
    type: 'carton',
    unitId: 'PCS',
    printTemplateId: 'CARTON-LABEL',
    targetQuantity: 24,
    packagingType: 'carton',
    finalPackaging: true,
    warehousingLabel: true,
    uploadReport: true,
    details: [
      { order: 1, level: 'box', quantity: 4 },
      { order: 2, level: 'carton', quantity: 6, remark: '6 boxes' },
    ],
  },
  {
    code: 'PK-BOARD-TRAY',
    name: 'Board tray',
    type: 'inner',
    unitId: 'PCS',
    printTemplateId: 'PCB-LABEL',
    targetQuantity: 20,
    packagingType: 'tray',
    details: [{ order: 1, level: 'inner', quantity: 20 }],
  },
];

/**
 * Inserts the demo rules (and print templates, packaging rules; units come first, from the master
 * data); call once, right after the tenant is created, inside the caller's transaction when given one.
 */
export async function seedRules(db: Kysely<DB>, tenantId: string, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const ids = await new Ids().read(trx, tenantId, 'unit');
    await insertRows(
      trx,
      { tenantId, madeBy: () => userId },
      [
        ['encoding-rule', DEMO_ENCODING_RULES],
        ['scan-rule', DEMO_SCAN_RULES],
        ['print-template', DEMO_PRINT_TEMPLATES],
        ['packaging-rule', DEMO_PACKAGING_RULES],
      ],
      ids,
    );
  });
}
