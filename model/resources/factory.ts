import { defineResource, field } from '../engine';

/**
 * Factory (SPEC §3): its QR code is drawn from the code on the screen; the ERP organisation it
 * maps to is kept as four plain values.
 */
export const factory = defineResource({
  name: 'factory',
  service: 'platform-system',
  scope: 'tenant',
  permissions: 'platform:factory',
  path: '/platform/factory',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    code: field.code({ max: 64 }),
    name: field.text({ required: true, max: 128, search: true }),
    contactPerson: field.text({ max: 64 }),
    contactWay: field.text({ max: 64 }),
    sort: field.int({ min: 0, max: 999_999, default: 0 }),
    status: field.enum('factoryState', ['normal', 'disabled'], { default: 'normal', search: true }),
    erpOrgId: field.text({ max: 64, list: false }),
    erpOrgCode: field.text({ max: 64, search: true }),
    erpOrgName: field.text({ max: 128 }),
    erpOuId: field.text({ max: 64, list: false }),
  },
});
