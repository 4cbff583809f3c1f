import { defineResource, field } from '../engine';

/** Product series: groups the finished products of a family, optionally for one customer. */
export const productSeries = defineResource({
  name: 'product-series',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:product-series',
  menu: { group: 'material' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    englishName: field.text({ max: 128 }),
    customerId: field.ref('customer', { search: true }),
    remark: field.textarea({ max: 255 }),
  },
});
