/**
 * One valid row of each rule definition, by resource name: a starting point for a new rule in the
 * form, and what generic tests and fixtures fill in where field-by-field sample values cannot
 * satisfy the cross-field rules (a serial-number row, non-overlapping positions).
 */
export const RULE_EXAMPLES: Record<string, Record<string, unknown>> = {
  'encoding-rule': {
    ruleType: 'base10',
    startCode: '0001',
    endCode: '9999',
    resetType: 'day',
    firstWeekday: 'monday',
    details: [
      { order: 1, paramType: 'fixed', value: 'SN' },
      { order: 2, paramType: 'system', parameter: 'date', value: 'YYMMDD' },
      { order: 3, paramType: 'system', parameter: 'serial' },
    ],
  },
  'scan-rule': {
    inspectionType: 'positions',
    barcodeLength: 20,
    parseStart: 1,
    parseEnd: 8,
    snStart: 9,
    snEnd: 14,
    dateCodeStart: 15,
    dateCodeEnd: 18,
    dateCodeFormat: 'YYWW',
    checksum: true,
    checksumStart: 20,
    checksumEnd: 20,
    checksumAlgorithm: 'luhn',
    segments: [{ name: 'rev', start: 19, end: 19 }],
    testVectors: [{ barcode: '12345678000042261244', accept: true, part: '12345678', sn: '000042', dateCode: '2612' }],
  },
  'print-template': {
    pageWidth: 60,
    pageHeight: 40,
    defaultContent: 'sn=SN0001',
    items: [
      { type: 'text', key: 'sn', text: 'SN', x: 2, y: 2, width: 40, height: 6, fontSize: 10 },
      { type: 'barcode', key: 'sn', x: 2, y: 10, width: 50, height: 12 },
    ],
  },
  'packaging-rule': {
    details: [
      { order: 1, level: 'box', quantity: 4 },
      { order: 2, level: 'carton', quantity: 6 },
    ],
  },
};
