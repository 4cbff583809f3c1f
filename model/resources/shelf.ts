import { defineResource, field } from '../engine';

/** Shelf (SPEC §3): code, name, type, AGV class; where it stands. */
export const shelf = defineResource({
  name: 'shelf',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:shelf',
  menu: { group: 'warehouse' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('shelfType', ['heavy', 'medium', 'light', 'cantilever', 'flow'], { required: true, search: true }),
    agvClass: field.enum('agvClass', ['none', 'jacking', 'forklift', 'roller'], { default: 'none' }),
    warehouseAreaId: field.ref('warehouse-area', { search: true }),
    layers: field.int({ min: 1, max: 50 }),
    remark: field.textarea({ max: 255 }),
  },
});
