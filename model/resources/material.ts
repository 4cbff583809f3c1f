import { defineResource, field, type RuleIssue } from '../engine';

/** A weight that must not exceed another; validity days that are needed when validity is controlled. */
function materialIssues(row: Record<string, unknown>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (row.validityControl === true && (row.validityDays === null || row.validityDays === undefined))
    issues.push({ field: 'validityDays', key: 'validation.required' });
  const net = Number(row.netWeight);
  const gross = Number(row.grossWeight);
  if (
    row.netWeight != null &&
    row.grossWeight != null &&
    Number.isFinite(net) &&
    Number.isFinite(gross) &&
    net > gross
  ) {
    issues.push({ field: 'grossWeight', key: 'validation.grossBelowNet' });
  }
  return issues;
}

/** Material (SPEC §3): every field, in the tabs of the menu (basic, packing, quality, storage). */
export const material = defineResource({
  name: 'material',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:material',
  menu: { group: 'material', staff: true },
  fields: {
    code: field.code({ max: 40 }),
    name: field.text({ required: true, max: 128, search: true }),
    type: field.enum('materialType', ['raw', 'semi', 'finished', 'auxiliary', 'packaging'], {
      required: true,
      search: true,
    }),
    version: field.text({ max: 16 }),
    classId: field.ref('material-class', { search: true }),
    basicUnitId: field.ref('unit', { required: true }),
    specification: field.text({ max: 128 }),
    description: field.text({ max: 255, list: false }),
    descriptionEn: field.text({ max: 255, list: false }),
    customerMaterialCode: field.text({ max: 64, list: false }),
    customerMaterialName: field.text({ max: 128, list: false }),
    texture: field.text({ max: 64, list: false }),
    manufacturer: field.text({ max: 128, list: false }),
    upcCode: field.text({ max: 14, list: false, pattern: { source: '^\\d{8,14}$', key: 'validation.upc' } }),
    // packing
    packUnitId: field.ref('packing-unit', { list: false, tab: 'packing' }),
    minPackQuantity: field.decimal({ min: 0, scale: 4, list: false, tab: 'packing' }),
    volume: field.decimal({ min: 0, scale: 4, list: false, tab: 'packing' }),
    netWeight: field.decimal({ min: 0, scale: 4, list: false, tab: 'packing' }),
    grossWeight: field.decimal({ min: 0, scale: 4, list: false, tab: 'packing' }),
    weightUnit: field.enum('weightUnit', ['g', 'kg', 't'], { default: 'kg', list: false, tab: 'packing' }),
    length: field.decimal({ min: 0, scale: 2, list: false, tab: 'packing' }),
    width: field.decimal({ min: 0, scale: 2, list: false, tab: 'packing' }),
    height: field.decimal({ min: 0, scale: 2, list: false, tab: 'packing' }),
    dimensionUnit: field.enum('dimensionUnit', ['mm', 'cm', 'm'], { default: 'mm', list: false, tab: 'packing' }),
    price: field.decimal({ min: 0, scale: 4, list: false, tab: 'packing' }),
    priceUnit: field.enum('currency', ['CNY', 'USD', 'EUR', 'VND'], { default: 'CNY', list: false, tab: 'packing' }),
    // quality
    controlMode: field.enum('controlMode', ['none', 'batch', 'serial'], { default: 'none', tab: 'quality' }),
    abcCategory: field.enum('abcCategory', ['A', 'B', 'C'], { list: false, tab: 'quality' }),
    validityControl: field.bool({ list: false, tab: 'quality' }),
    validityDays: field.int({ min: 0, max: 36500, list: false, tab: 'quality' }),
    msdLevel: field.enum('msdLevel', ['1', '2', '2a', '3', '4', '5', '5a', '6'], { list: false, tab: 'quality' }),
    sip: field.text({ max: 64, list: false, tab: 'quality' }),
    // storage
    fifoControl: field.bool({ list: false, tab: 'storage' }),
    sapPlantId: field.ref('sap-plant', { list: false, tab: 'storage' }),
    productionDateFormat: field.text({
      max: 32,
      list: false,
      tab: 'storage',
      pattern: { source: '^[YMDHhms/ .:-]{2,32}$', key: 'validation.dateFormat' },
    }),
  },
  rules: materialIssues,
  tabs: ['basic', 'packing', 'quality', 'storage'],
});
