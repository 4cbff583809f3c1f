/** What a bearer lookup (session token or API key) selects of the caller's tenant `t` and user `u`. */
import type { ContextUser } from '../http';

export const CALLER_COLUMNS = [
  't.code as tenantCode',
  't.name as tenantName',
  'u.id as userId',
  'u.account',
  'u.nickname',
  'u.email',
  'u.mobile',
  'u.type',
] as const;

/** The request context's user, from a row that selected CALLER_COLUMNS. */
export const callerUser = (row: Omit<ContextUser, 'id'> & { userId: string }): ContextUser => ({
  id: row.userId,
  account: row.account,
  nickname: row.nickname,
  email: row.email,
  mobile: row.mobile,
  type: row.type,
});
