import { defineResource, field, PATTERNS } from '../engine';

/** SAP plant: the ERP plant (four characters in SAP) and its organisational keys, for interfaces. */
export const sapPlant = defineResource({
  name: 'sap-plant',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:sap-plant',
  menu: { group: 'factory-model' },
  fields: {
    code: field.code({ max: 4, pattern: PATTERNS.lettersDigits }),
    name: field.text({ required: true, max: 64, search: true }),
    companyCode: field.text({ max: 4, pattern: PATTERNS.lettersDigits, search: true }),
    purchasingOrg: field.text({ max: 4, pattern: PATTERNS.lettersDigits }),
    salesOrg: field.text({ max: 4, pattern: PATTERNS.lettersDigits }),
    address: field.text({ max: 255, list: false }),
    remark: field.textarea({ max: 255 }),
  },
});
