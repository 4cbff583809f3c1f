import { defineResource, field } from '../engine';

/** Production line (SPEC §3): code, name, type; it belongs to a workshop. */
export const line = defineResource({
  name: 'line',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:line',
  menu: { group: 'factory-model' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('lineType', ['smt', 'assembly', 'machining', 'testing', 'packaging'], {
      required: true,
      search: true,
    }),
    workshopId: field.ref('workshop', { required: true, search: true }),
    manager: field.text({ max: 64 }),
    remark: field.textarea({ max: 255 }),
  },
});
