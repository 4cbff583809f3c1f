import { defineResource, field } from '../engine';

/** An extension: 2 to 10 digits. */
export const EXTENSION_PATTERN = { source: '^[0-9]{2,10}$', key: 'validation.extension' } as const;

/**
 * Staff (SPEC §3): an employee, optionally linked to a login account. The workflow finds the
 * starter's manager through `staff.user_id` and `staff.department_id`; so does the 'dept' data scope.
 */
export const staff = defineResource({
  name: 'staff',
  service: 'cloudbase-system',
  scope: 'tenant',
  permissions: 'platform:staff',
  path: '/platform/staff',
  fields: {
    code: field.code({ max: 64 }),
    name: field.text({ required: true, max: 64, search: true }),
    englishName: field.text({ max: 64 }),
    sex: field.enum('sex', ['male', 'female'], { search: true }),
    entryDate: field.date(),
    departmentId: field.ref('department', { search: true, column: 'department_id' }),
    job: field.text({ max: 64 }),
    extensionNumber: field.text({ max: 10, pattern: EXTENSION_PATTERN }),
    onJob: field.enum('onJobState', ['onJob', 'quit'], { default: 'onJob', search: true }),
    useState: field.enum('staffUseState', ['normal', 'locked'], { default: 'normal', search: true }),
    lockReason: field.text({ max: 255, list: false }),
    userId: field.ref('app-user', { column: 'user_id' }),
    // The organisations offered by the header's switcher (`currentStaffOrgSelect`); none: all of the tenant.
    organizations: field.refs('organization', {
      link: { table: 'staff_organization', owner: 'staff_id', target: 'organization_id' },
      io: false,
      list: false,
    }),
  },
});
