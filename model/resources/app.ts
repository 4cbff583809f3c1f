import { defineResource, field } from '../engine';

/**
 * App registry (SPEC §3 application descriptor): one table for every tenant, edited only by
 * administrators of the operator tenant. `online` is the server's probe, not a field. The
 * database mirrors the five name columns into `name_i18n` and the comma-separated prefixes into
 * `prefix_path`, which the shell reads.
 */
export const app = defineResource({
  name: 'app',
  service: 'platform-system',
  scope: 'shared',
  permissions: 'platform:app',
  path: '/platform/app',
  verbs: ['view', 'add', 'edit', 'delete'],
  codeField: 'appType',
  displayField: 'appName',
  localNames: { 'zh-CN': 'nameZhCN', 'zh-TW': 'nameZhTW', en: 'nameEn', vi: 'nameVi', es: 'nameEs' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    appType: field.code({ max: 64 }),
    appName: field.text({ required: true, max: 64, search: true }),
    nameZhCN: field.text({ required: true, max: 64, column: 'name_zh_cn' }),
    nameZhTW: field.text({ max: 64, list: false, column: 'name_zh_tw' }),
    nameEn: field.text({ max: 64, column: 'name_en' }),
    nameVi: field.text({ max: 64, list: false, column: 'name_vi' }),
    nameEs: field.text({ max: 64, list: false, column: 'name_es' }),
    url: field.text({ max: 512, pattern: { source: '^https?://[^\\s/@]+(/[^\\s]*)?$', key: 'validation.url' } }),
    prefixPath: field.text({
      required: true,
      max: 512,
      column: 'prefix_list',
      pattern: { source: '^[a-z0-9-]+(\\s*,\\s*[a-z0-9-]+)*$', key: 'validation.prefixList' },
    }),
    fullscreen: field.bool(),
    status: field.enum('appState', ['enabled', 'disabled'], { default: 'enabled', search: true, status: true }),
    isDefault: field.bool(),
    sort: field.int({ min: 0, max: 999_999, default: 0 }),
  },
});
