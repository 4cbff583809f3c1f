import { defineResource, field, PATTERNS } from '../engine';

/** Warehouse (SPEC §3): frozen or unfrozen (SPEC §4), picking flag. */
export const warehouse = defineResource({
  name: 'warehouse',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:warehouse',
  menu: { group: 'warehouse', buttons: ['freeze'] },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('warehouseType', ['raw', 'semi', 'finished', 'spare', 'virtual'], {
      required: true,
      search: true,
    }),
    erpLocationCode: field.text({ max: 32, pattern: PATTERNS.code }),
    usage: field.text({ max: 64 }),
    administrator: field.text({ max: 64 }),
    picking: field.bool(),
    state: field.enum('frozenState', ['normal', 'frozen'], {
      default: 'normal',
      status: true,
      statusVerb: 'freeze',
      search: true,
    }),
  },
});
