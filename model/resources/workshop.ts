import { defineResource, field } from '../engine';

/** Workshop (SPEC §3): code, name, building, floor. */
export const workshop = defineResource({
  name: 'workshop',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:workshop',
  menu: { group: 'factory-model' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    building: field.text({ max: 64, search: true }),
    floor: field.text({ max: 16 }),
    manager: field.text({ max: 64 }),
    remark: field.textarea({ max: 255 }),
  },
});
