import { defineResource, field, PATTERNS } from '../engine';

/** SPEC §5: 6 to 16 characters of digits, letters and . _ ~ ! @ # $ ^ & * */
export const PASSWORD_PATTERN = { source: '^[A-Za-z0-9._~!@#$^&*]{6,16}$', key: 'validation.password' } as const;

/**
 * User (SPEC §3, §6): the password is written only (the server keeps its hash and ends the user's
 * sessions when it changes); roles and factories live in the link tables user_role and user_factory.
 */
export const user = defineResource({
  // "user" everywhere it can be (export, texts, screen, permissions); `app-user` and `app_user` where
  // the word is taken: `/api/platform-system/user` is the current user (SPEC §7), and USER is a
  // reserved word of SQL.
  name: 'app-user',
  labelPrefix: 'user',
  service: 'platform-system',
  table: 'app_user',
  scope: 'tenant',
  permissions: 'platform:user',
  path: '/platform/user',
  menu: { buttons: ['enable', 'disable', 'reset-password'] },
  codeField: 'account',
  displayField: 'nickname',
  defaultSort: { field: 'account', order: 'asc' },
  fields: {
    account: field.code({ max: 64 }),
    nickname: field.text({ required: true, max: 64, search: true }),
    email: field.text({ max: 128, pattern: PATTERNS.email }),
    mobile: field.text({ max: 11, pattern: PATTERNS.mobile, search: true }),
    password: field.text({
      max: 16,
      pattern: PASSWORD_PATTERN,
      writeOnly: true,
      list: false,
      io: false,
      column: 'password_hash',
    }),
    type: field.enum('userType', ['admin', 'staff'], { default: 'staff', search: true }),
    roles: field.refs('role', { link: { table: 'user_role', owner: 'user_id', target: 'role_id' }, io: false }),
    factories: field.refs('factory', {
      link: { table: 'user_factory', owner: 'user_id', target: 'factory_id' },
      io: false,
    }),
    remark: field.textarea({ max: 500 }),
    status: field.enum('enabledState', ['enabled', 'disabled'], {
      default: 'enabled',
      status: true,
      search: true,
      statusVerbs: { enabled: 'enable', disabled: 'disable' },
    }),
  },
});
