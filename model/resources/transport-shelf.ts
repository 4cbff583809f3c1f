import { defineResource, field } from '../engine';

/** Transport shelf (SPEC §3): a movable rack or cart that AGVs carry; code, name, type, AGV class. */
export const transportShelf = defineResource({
  name: 'transport-shelf',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:transport-shelf',
  menu: { group: 'warehouse' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('transportShelfType', ['cart', 'rack', 'cage', 'pallet'], { required: true, search: true }),
    agvClass: field.enum('agvClass', ['none', 'jacking', 'forklift', 'roller'], { default: 'jacking' }),
    maxLoad: field.decimal({ scale: 1, min: 0, max: 100000 }),
    remark: field.textarea({ max: 255 }),
  },
});
