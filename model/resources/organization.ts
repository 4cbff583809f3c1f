import { defineResource, field, PATTERNS } from '../engine';

/** Organisation (SPEC §3): the legal units of a tenant; the code is letters and digits, case-sensitive. */
export const organization = defineResource({
  name: 'organization',
  service: 'cloudbase-system',
  scope: 'tenant',
  permissions: 'platform:organization',
  path: '/platform/organization',
  // The seeded menu offers only add/edit/delete buttons for organisations.
  verbs: ['view', 'add', 'edit', 'delete'],
  fields: {
    code: field.code({ max: 64, pattern: PATTERNS.lettersDigits }),
    name: field.text({ required: true, max: 128, search: true }),
    sort: field.int({ min: 0, max: 999_999, default: 0 }),
  },
});
