import { defineResource, field } from '../engine';

export const MENU_TYPES = ['catalogue', 'menu', 'button', 'tab'] as const;

/**
 * Menu (SPEC §3): the product's menu tree, one table for every tenant. Only administrators of the
 * operator tenant may change it (the server refuses everyone else with 403); a change shows on each
 * user's next menu fetch. The name per language is kept in five columns the database mirrors
 * into `name_i18n`.
 */
export const menu = defineResource({
  name: 'menu',
  service: 'platform-system',
  scope: 'shared',
  permissions: 'platform:menu',
  path: '/platform/menu',
  verbs: ['view', 'add', 'edit', 'delete'],
  displayField: 'nameZhCN',
  localNames: { 'zh-CN': 'nameZhCN', 'zh-TW': 'nameZhTW', en: 'nameEn', vi: 'nameVi', es: 'nameEs' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    code: field.code({
      max: 128,
      pattern: { source: '^[A-Za-z0-9][A-Za-z0-9_.:/\\-]*$', key: 'validation.codeFormat' },
    }),
    type: field.enum('menuType', MENU_TYPES, { required: true, search: true }),
    nameZhCN: field.text({ required: true, max: 64, search: true, column: 'name_zh_cn' }),
    nameZhTW: field.text({ max: 64, list: false, column: 'name_zh_tw' }),
    nameEn: field.text({ max: 64, column: 'name_en' }),
    nameVi: field.text({ max: 64, list: false, column: 'name_vi' }),
    nameEs: field.text({ max: 64, list: false, column: 'name_es' }),
    parentId: field.ref('menu', { search: true }),
    icon: field.text({ max: 64, list: false }),
    sort: field.int({ min: 0, max: 999_999, default: 0 }),
    productType: field.enum('productType', ['platform', 'basic'], { default: 'platform', search: true }),
    terminalType: field.enum('terminalType', ['web', 'app'], { default: 'web', search: true }),
    shortcut: field.bool({ list: false }),
    externalLink: field.bool({ list: false }),
    newWindow: field.bool({ list: false }),
    path: field.text({ max: 256, search: true }),
    perms: field.text({ max: 128, search: true }),
    remark: field.textarea({ max: 500 }),
  },
});
