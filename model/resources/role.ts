import { defineResource, field } from '../engine';

/** Whose rows a role's users see (SPEC §6); with several roles the widest wins. */
export const DATA_SCOPES = ['all', 'factory', 'dept', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/**
 * Role (SPEC §3, §6): menu permissions are assigned through their own call (`…/role/:id/menus`,
 * button `assign-permission`); assigned users live in user_role, assigned staff in role_staff.
 */
export const role = defineResource({
  name: 'role',
  service: 'platform-system',
  scope: 'tenant',
  permissions: 'platform:role',
  path: '/platform/role',
  menu: { buttons: ['enable', 'disable', 'assign-permission'] },
  verbs: ['view', 'add', 'edit', 'delete'],
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    code: field.code({ max: 64 }),
    name: field.text({ required: true, max: 64, search: true }),
    sort: field.int({ min: 0, max: 999_999, default: 0 }),
    dataScope: field.enum('dataScope', DATA_SCOPES, { default: 'all' }),
    users: field.refs('app-user', { link: { table: 'user_role', owner: 'role_id', target: 'user_id' }, io: false }),
    // A role given to a staff record holds for its linked account while on the job and not locked.
    staff: field.refs('staff', { link: { table: 'role_staff', owner: 'role_id', target: 'staff_id' }, io: false }),
    remark: field.textarea({ max: 500 }),
    status: field.enum('enabledState', ['enabled', 'disabled'], {
      default: 'enabled',
      status: true,
      search: true,
      statusVerbs: { enabled: 'enable', disabled: 'disable' },
    }),
  },
});
