/** Tables of migration 029 (online sessions, two-factor login), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type TwoFactorPolicy = 'off' | 'optional' | 'admins' | 'everyone';

export interface UserTotpTable {
  tenant_id: string;
  user_id: string;
  secret: string;
  enabled_at: Timestamp | null;
  last_step: ColumnType<string, number | string | undefined, number | string>;
  created_at: GeneratedTimestamp;
}

export interface UserRecoveryCodeTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface LoginChallengeTable {
  tenant_id: string;
  id: Generated<string>;
  ticket_hash: string;
  user_id: string;
  kind: 'totp' | 'enrol' | 'password';
  method: 'password' | 'sms';
  secret: string | null;
  wrong: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface TenantSecurityPolicyTable {
  tenant_id: string;
  two_factor: Generated<TwoFactorPolicy>;
  password_classes: ColumnType<string[], string[] | undefined, string[]>;
  password_max_age_days: Generated<number>;
  password_history: Generated<number>;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

export interface PasswordHistoryTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  password_hash: string;
  created_at: GeneratedTimestamp;
}

declare module './types' {
  interface AppUserTable {
    password_changed_at: GeneratedTimestamp;
  }
  interface DB {
    password_history: PasswordHistoryTable;
    user_totp: UserTotpTable;
    user_recovery_code: UserRecoveryCodeTable;
    login_challenge: LoginChallengeTable;
    tenant_security_policy: TenantSecurityPolicyTable;
  }
}
