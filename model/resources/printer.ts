import { defineResource, field } from '../engine';

/**
 * Printer (SPEC §3): name, code, type, path, character code, access user name and password, and the
 * default flag (SPEC §4 state; one default printer per factory is the server's rule).
 */
export const printer = defineResource({
  name: 'printer',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:printer',
  menu: { group: 'equipment' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('printerType', ['label', 'laser', 'inkjet', 'dotMatrix'], { required: true, search: true }),
    path: field.text({ required: true, max: 255 }),
    charset: field.enum('charset', ['utf8', 'gbk', 'gb18030', 'big5', 'latin1'], { default: 'utf8' }),
    username: field.text({ max: 64, list: false }),
    // Kept out of the table and of exports; only the form shows it.
    password: field.text({ max: 64, list: false, io: false }),
    isDefault: field.enum('defaultFlag', ['yes', 'no'], { default: 'no', status: true }),
    remark: field.textarea({ max: 255 }),
  },
});
