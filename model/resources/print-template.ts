import { defineResource, field } from '../engine';
import {
  CODE_TYPES,
  DATA_KEY,
  FILE_TYPES,
  ITEM_TYPES,
  MAX_COPIES,
  MAX_PAGE_MM,
  PRINT_COLOURS,
  TEMPLATE_TYPES,
  printTemplateIssues,
} from '../print/template';

const mm = (o: { default?: number } = {}) =>
  field.decimal({ required: true, min: 0, max: MAX_PAGE_MM, scale: 1, list: false, ...o });

/**
 * Print template (SPEC §3): a label or document layout whose items (text, barcodes, images) are
 * placed in millimetres and bound to data keys; rendered to PDF on the server and in the browser.
 * Tenant-wide: one label layout serves every factory.
 */
export const printTemplate = defineResource({
  name: 'print-template',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:print-template',
  menu: { group: 'rule', buttons: ['preview'] },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    templateType: field.enum('templateType', TEMPLATE_TYPES, { required: true, default: 'label', search: true }),
    fileType: field.enum('fileType', FILE_TYPES, { required: true, default: 'pdf' }),
    labelPartNumber: field.text({ max: 64, search: true }),
    codeType: field.enum('codeType', CODE_TYPES, { default: 'code128' }),
    colour: field.enum('printColour', PRINT_COLOURS, { default: 'black' }),
    defaultQuantity: field.int({ required: true, min: 1, max: MAX_COPIES, default: 1 }),
    pageWidth: mm({ default: 60 }),
    pageHeight: mm({ default: 40 }),
    defaultContent: field.textarea({ max: 2000 }),
    items: field.details(
      {
        type: field.enum('printItemType', ITEM_TYPES, { required: true }),
        key: field.text({ max: 64, pattern: DATA_KEY, required: false }),
        text: field.text({ max: 2000, required: false }),
        x: mm(),
        y: mm(),
        width: mm(),
        height: mm(),
        fontSize: field.int({ min: 4, max: 144, required: false }),
      },
      { maxRows: 100, io: true, label: 'printTemplate.items._title' },
    ),
  },
  rules: printTemplateIssues,
});
