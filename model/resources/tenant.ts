import { defineResource, field } from '../engine';
import { PASSWORD_PATTERN } from './user';

/**
 * Tenant (SPEC §3): seen and edited only by administrators of the operator tenant (the server
 * refuses everyone else, whatever their permissions). User and factory counts are kept by the
 * database. A new tenant gets its first factory, organisation and administrator; a tenant is
 * disabled, never deleted.
 */
export const tenant = defineResource({
  name: 'tenant',
  service: 'platform-system',
  scope: 'shared',
  permissions: 'paas:tenant',
  path: '/paas/tenant',
  verbs: ['view', 'add', 'edit'],
  defaultSort: { field: 'code', order: 'asc' },
  fields: {
    code: field.code({ max: 64, pattern: { source: '^[A-Za-z0-9][A-Za-z0-9_-]*$', key: 'validation.codeFormat' } }),
    name: field.text({ required: true, max: 128, search: true }),
    domain: field.text({ max: 255, search: true }),
    expiresAt: field.datetime(),
    status: field.enum('tenantState', ['enabled', 'disabled'], { default: 'enabled', search: true, status: true }),
    userCount: field.int({ serverSet: true, form: false, io: false }),
    factoryCount: field.int({ serverSet: true, form: false, io: false }),
    adminAccount: field.text({ max: 64, writeOnly: true, list: false, io: false }),
    adminPassword: field.text({ max: 16, pattern: PASSWORD_PATTERN, writeOnly: true, list: false, io: false }),
  },
});
