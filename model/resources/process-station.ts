import { defineResource, field } from '../engine';

/** Process station (SPEC §3): code, name, line; its place in the line's route. */
export const processStation = defineResource({
  name: 'process-station',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:process-station',
  menu: { group: 'factory-model' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    lineId: field.ref('line', { required: true, search: true }),
    sequence: field.int({ min: 1, max: 9999 }),
    remark: field.textarea({ max: 255 }),
  },
});
