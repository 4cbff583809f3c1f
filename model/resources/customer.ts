import { defineResource, field, PATTERNS } from '../engine';

/** Customer (SPEC §3): code, name, address, country, province, city, phone, postcode, fax. */
export const customer = defineResource({
  name: 'customer',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:customer',
  menu: { group: 'partner', staff: true },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 128, search: true }),
    shortName: field.text({ max: 64 }),
    category: field.dict('customer_category', { search: true }),
    contact: field.text({ max: 64 }),
    phone: field.text({ max: 20, pattern: PATTERNS.phone }),
    fax: field.text({ max: 20, pattern: PATTERNS.phone, list: false }),
    email: field.text({ max: 128, pattern: PATTERNS.email, list: false }),
    country: field.text({ max: 64, search: true }),
    province: field.text({ max: 64 }),
    city: field.text({ max: 64 }),
    address: field.text({ max: 255, list: false }),
    postcode: field.text({ max: 16, pattern: PATTERNS.postcode, list: false }),
    remark: field.textarea({ max: 255 }),
  },
});
