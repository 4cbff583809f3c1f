import { defineResource, field } from '../engine';

/** Packing unit: a box, carton, pallet … with its outer dimensions (mm) and load limit (kg). */
export const packingUnit = defineResource({
  name: 'packing-unit',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:packing-unit',
  menu: { group: 'material' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    level: field.enum('packingLevel', ['inner', 'outer', 'pallet'], { required: true, search: true }),
    length: field.decimal({ scale: 1, min: 0, max: 100000 }),
    width: field.decimal({ scale: 1, min: 0, max: 100000 }),
    height: field.decimal({ scale: 1, min: 0, max: 100000 }),
    maxWeight: field.decimal({ scale: 3, min: 0, max: 100000 }),
    remark: field.textarea({ max: 255 }),
  },
});
