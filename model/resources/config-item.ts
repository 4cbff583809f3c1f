import { defineResource, field } from '../engine';

/** Configuration item (SPEC §3): a named value of the tenant's platform settings. */
export const configItem = defineResource({
  name: 'config-item',
  service: 'platform-system',
  scope: 'tenant',
  permissions: 'platform:config-item',
  path: '/platform/config-item',
  verbs: ['view', 'add', 'edit', 'delete'],
  fields: {
    code: field.code({ max: 64 }),
    name: field.text({ required: true, max: 128, search: true }),
    value: field.textarea({ required: true, max: 2000, list: true }),
    remark: field.text({ max: 255, list: false }),
  },
});
