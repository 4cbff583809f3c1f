import { defineResource, field } from '../resource';

/**
 * Factory (SPEC §3). A minimal definition so users can be given factories (P1); P2 owns and
 * completes it (QR code, ERP organisation …).
 */
export const factory = defineResource({
  name: 'factory',
  service: 'platform-system',
  scope: 'tenant',
  permissions: 'platform:factory',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    code: field.code({ max: 64 }),
    name: field.text({ required: true, max: 128, search: true }),
    contactPerson: field.text({ max: 64 }),
    contactWay: field.text({ max: 64 }),
    sort: field.int({ min: 0, max: 999_999, default: 0 }),
    status: field.enum('factoryState', ['normal', 'disabled'], { default: 'normal', search: true }),
  },
});
