import { defineResource, field } from '../engine';
import { CHECKSUM_NAMES, DATE_CODE_FORMATS, INSPECTION_TYPES, MAX_BARCODE_LENGTH, scanRuleIssues } from '../rules';

const position = () => field.int({ min: 1, max: MAX_BARCODE_LENGTH, list: false });
const PART_NAME = { source: '^[A-Za-z_][A-Za-z0-9_]*$', key: 'validation.partName' };

/**
 * Scan rule (SPEC §3, §5): how a scanned barcode is checked and split into part, SN and date code,
 * by positions, a regular expression or GS1 application identifiers. Tenant-wide: a supplier's or
 * a customer's label looks the same in every factory. The test vectors run on every save.
 */
export const scanRule = defineResource({
  name: 'scan-rule',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:scan-rule',
  menu: { group: 'rule' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    scanType: field.enum('scanType', ['material', 'product', 'package', 'container', 'location'], {
      required: true,
      search: true,
    }),
    inspectionType: field.enum('inspectionType', INSPECTION_TYPES, {
      required: true,
      default: 'positions',
      search: true,
    }),
    barcodeLength: field.int({ required: true, min: 1, max: MAX_BARCODE_LENGTH }),
    parseStart: position(),
    parseEnd: position(),
    checksum: field.bool({ default: false }),
    checksumStart: position(),
    checksumEnd: position(),
    checksumAlgorithm: field.enum('checksumAlgorithm', CHECKSUM_NAMES, { default: 'gs1Mod10', list: false }),
    snStart: position(),
    snEnd: position(),
    dateCodeStart: position(),
    dateCodeEnd: position(),
    dateCodeFormat: field.enum('dateCodeFormat', DATE_CODE_FORMATS, { default: 'raw', list: false }),
    pattern: field.text({ max: 500, list: false }),
    segments: field.details(
      {
        name: field.text({ max: 32, pattern: PART_NAME }),
        start: field.int({ min: 1, max: MAX_BARCODE_LENGTH }),
        end: field.int({ min: 1, max: MAX_BARCODE_LENGTH }),
      },
      { maxRows: 20, io: true, label: 'scanRule.segments._title' },
    ),
    testVectors: field.details(
      {
        barcode: field.text({ max: MAX_BARCODE_LENGTH }),
        accept: field.bool({ required: false, default: true }),
        part: field.text({ max: 128, required: false }),
        sn: field.text({ max: 128, required: false }),
        dateCode: field.text({ max: 32, required: false }),
      },
      { maxRows: 20, io: true, label: 'scanRule.testVectors._title' },
    ),
    description: field.textarea({ max: 255 }),
  },
  rules: scanRuleIssues,
});
