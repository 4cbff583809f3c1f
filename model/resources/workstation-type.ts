import { defineResource, field } from '../engine';

/** Workstation type: what kind of work a workstation does. */
export const workstationType = defineResource({
  name: 'workstation-type',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:workstation-type',
  menu: { group: 'factory-model' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    category: field.enum('workstationCategory', ['production', 'inspection', 'packing', 'repair'], {
      required: true,
      search: true,
    }),
    remark: field.textarea({ max: 255 }),
  },
});
