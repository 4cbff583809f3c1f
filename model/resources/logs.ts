import { defineResource, field, type FieldDef, type ResourceInput } from '../engine';

const ro = { serverSet: true, form: false } as const;

/**
 * A log (SPEC §3): written by the server only, offering view and export at `/log/<name>` under the
 * permission `log:<name>`, newest first.
 */
const logResource = <F extends Record<string, FieldDef>>(
  name: string,
  input: Omit<ResourceInput<F>, 'name' | 'service' | 'scope' | 'permissions' | 'path' | 'verbs' | 'defaultSort'>,
) =>
  defineResource({
    name,
    service: 'platform-system',
    scope: 'tenant',
    permissions: `log:${name}`,
    path: `/log/${name}`,
    verbs: ['view', 'export'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    ...input,
  });

export const loginLog = logResource('login-log', {
  codeField: 'account',
  displayField: 'account',
  fields: {
    createdAt: field.datetime({ ...ro, column: 'created_at' }),
    account: field.text({ ...ro, max: 128, search: true }),
    method: field.enum('loginMethod', ['password', 'sms', 'sso', 'logout'], { ...ro, search: true }),
    result: field.enum('loginResult', ['success', 'failure', 'locked'], { ...ro, search: true }),
    reason: field.text({ ...ro, max: 128 }),
    ip: field.text({ ...ro, max: 64, search: true }),
    userAgent: field.text({ ...ro, max: 512, list: false }),
    clientId: field.text({ ...ro, max: 128 }),
  },
});

export const operationLog = logResource('operation-log', {
  codeField: 'operationId',
  displayField: 'path',
  fields: {
    createdAt: field.datetime({ ...ro, column: 'created_at' }),
    account: field.text({ ...ro, max: 128, search: true }),
    apiKeyName: field.text({ ...ro, max: 64, search: true }),
    type: field.enum('operationType', ['add', 'edit', 'delete', 'state', 'import', 'export'], { ...ro, search: true }),
    method: field.text({ ...ro, max: 16 }),
    path: field.text({ ...ro, max: 512, search: true }),
    resource: field.text({ ...ro, max: 64, search: true }),
    operationId: field.text({ ...ro, max: 128, search: true }),
    recordCount: field.int({ ...ro }),
  },
});

export const interfaceLog = logResource('interface-log', {
  codeField: 'path',
  displayField: 'path',
  fields: {
    createdAt: field.datetime({ ...ro, column: 'created_at' }),
    method: field.text({ ...ro, max: 16 }),
    path: field.text({ ...ro, max: 512, search: true }),
    status: field.int({ ...ro }),
    callState: field.enum('callState', ['slow', 'error'], { ...ro, search: true }),
    durationMs: field.int({ ...ro }),
    apiKeyName: field.text({ ...ro, max: 64, search: true }),
    errorAt: field.datetime({ ...ro, list: false }),
    errorClass: field.text({ ...ro, max: 128 }),
    errorMethod: field.text({ ...ro, max: 128, list: false }),
    errorLine: field.int({ ...ro, list: false }),
    message: field.textarea({ ...ro, max: 2000 }),
  },
});

/**
 * The audit trail (issue 25): the field-level history of every record, tenant-wide, read and export
 * only. Written by the server in each change's transaction (server/audit/write.ts), read here through
 * the view `audit_trail`; one record's history has its own route (model/contract/audit.ts).
 */
export const auditTrail = logResource('audit-trail', {
  table: 'audit_trail',
  menu: { buttons: ['history', 'verify', 'retention'] },
  codeField: 'recordCode',
  displayField: 'recordCode',
  fields: {
    createdAt: field.datetime({ ...ro, column: 'created_at', search: true }),
    action: field.enum('auditAction', ['create', 'update', 'state', 'delete', 'import', 'sign'], {
      ...ro,
      search: true,
    }),
    entity: field.text({ ...ro, max: 64, search: true }),
    recordCode: field.text({ ...ro, max: 200, search: true }),
    recordId: field.text({ ...ro, max: 128, list: false }),
    userName: field.text({ ...ro, max: 128, search: true }),
    apiKeyName: field.text({ ...ro, max: 64 }),
    ip: field.text({ ...ro, max: 64 }),
    operationId: field.text({ ...ro, max: 64, list: false }),
    importJobId: field.text({ ...ro, max: 64, list: false }),
    // A column too: the screen shows the changed fields of each row (not sortable: a JSON text).
    changes: field.textarea({ ...ro, max: 1_000_000, list: true, sortable: false }),
  },
});
