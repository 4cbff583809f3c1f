import { defineResource, field } from '../engine';

export const PACK_LEVELS = ['inner', 'box', 'carton', 'pallet'] as const;
export const PACKAGING_TYPES = ['bag', 'box', 'tray', 'reel', 'carton', 'pallet'] as const;

/**
 * Packaging rule (SPEC §3): how finished goods are packed: the target quantity per package, whether
 * work orders or materials may be mixed, whether this is the final packaging that is labelled for
 * the warehouse and reported upstream, the print template of its label, and the levels (detail rows:
 * e.g. 10 pieces a box, 8 boxes a carton). Tenant-wide, like the templates it prints with.
 */
export const packagingRule = defineResource({
  name: 'packaging-rule',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:packaging-rule',
  menu: { group: 'rule' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('packLevel', PACK_LEVELS, { required: true, search: true }),
    unitId: field.ref('unit', { required: true }),
    targetQuantity: field.int({ required: true, min: 1, max: 1_000_000 }),
    mixedWorkOrder: field.bool(),
    mixedMaterial: field.bool(),
    finalPackaging: field.bool(),
    warehousingLabel: field.bool(),
    uploadReport: field.bool(),
    printTemplateId: field.ref('print-template'),
    packagingType: field.enum('packagingType', PACKAGING_TYPES, { required: true, default: 'carton', search: true }),
    details: field.details(
      {
        order: field.int({ required: true, min: 1, max: 99 }),
        level: field.enum('packLevel', PACK_LEVELS, { required: true }),
        quantity: field.int({ required: true, min: 1, max: 1_000_000 }),
        remark: field.text({ max: 128, required: false }),
      },
      { maxRows: 10, io: true, label: 'packagingRule.details._title' },
    ),
    remark: field.textarea({ max: 255 }),
  },
  rules: packagingRuleIssues,
});

/** Detail rows are levels in order: no order twice. */
function packagingRuleIssues(row: Record<string, unknown>) {
  const issues: { field: string; key: string; params?: Record<string, string | number> }[] = [];
  const details = Array.isArray(row.details) ? (row.details as Record<string, unknown>[]) : [];
  const seen = new Map<number, number>();
  details.forEach((d, i) => {
    const order = Number(d.order);
    const first = seen.get(order);
    if (first !== undefined)
      issues.push({ field: `details.${i}.order`, key: 'validation.orderDuplicate', params: { row: first + 1 } });
    else seen.set(order, i);
  });
  return issues;
}
