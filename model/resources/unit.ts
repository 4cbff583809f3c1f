import { defineResource, field } from '../engine';

/** Unit of measure (SPEC §3): code, name, type, accuracy 0–9 (SPEC §5). */
export const unit = defineResource({
  name: 'unit',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:unit',
  menu: { group: 'material', staff: true },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('unitType', ['quantity', 'weight', 'length', 'area', 'volume', 'time'], {
      required: true,
      search: true,
    }),
    accuracy: field.int({ required: true, min: 0, max: 9, default: 0 }),
    remark: field.textarea({ max: 255 }),
  },
});
