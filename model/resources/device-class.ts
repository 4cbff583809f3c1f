import { defineResource, field } from '../engine';

/** Device class: groups devices (SPEC §1). */
export const deviceClass = defineResource({
  name: 'device-class',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:device-class',
  menu: { group: 'equipment' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    remark: field.textarea({ max: 255 }),
  },
});
