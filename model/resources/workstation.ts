import { defineResource, field } from '../engine';

/** Workstation (SPEC §3): code, name, type, equipment level, line, associated printers. */
export const workstation = defineResource({
  name: 'workstation',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:workstation',
  menu: { group: 'factory-model' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    workstationTypeId: field.ref('workstation-type', { required: true, search: true }),
    equipmentLevel: field.enum('equipmentLevel', ['a', 'b', 'c'], { default: 'b' }),
    lineId: field.ref('line', { required: true, search: true }),
    printerIds: field.refs('printer'),
    remark: field.textarea({ max: 255 }),
  },
});
