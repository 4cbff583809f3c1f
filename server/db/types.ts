import type { ColumnType, Generated } from 'kysely';

/** A timestamp column: read as Date (both drivers), written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type I18nText = Partial<Record<string, string>>;

export interface TenantTable {
  id: Generated<string>;
  code: string;
  name: string;
  domain: string | null;
  expires_at: Timestamp | null;
  status: Generated<'enabled' | 'disabled'>;
  languages: Generated<string>;
  /** 015: administrators of the operator tenant edit the shared menu tree. */
  operator: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface FactoryTable {
  tenant_id: string;
  id: Generated<string>;
  code: string;
  name: string;
  contact_person: string | null;
  contact_way: string | null;
  sort: Generated<number>;
  status: Generated<'normal' | 'disabled'>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface OrganizationTable {
  tenant_id: string;
  id: Generated<string>;
  code: string;
  name: string;
  sort: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface AppUserTable {
  tenant_id: string;
  id: Generated<string>;
  account: string;
  nickname: Generated<string>;
  email: string | null;
  mobile: string | null;
  password_hash: Generated<string>;
  type: Generated<'admin' | 'staff'>;
  status: Generated<'enabled' | 'disabled'>;
  remark: Generated<string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  created_by: string | null;
  updated_by: string | null;
}

export interface UserFactoryTable {
  tenant_id: string;
  user_id: string;
  factory_id: string;
}

export interface RoleTable {
  tenant_id: string;
  id: Generated<string>;
  code: string;
  name: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  remark: Generated<string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** 015: `enabled` follows it (trigger role_status_sync). */
  status: Generated<'enabled' | 'disabled'>;
  data_scope: Generated<'all' | 'factory' | 'dept' | 'self'>;
  created_by: string | null;
  updated_by: string | null;
}

export interface UserRoleTable {
  tenant_id: string;
  user_id: string;
  role_id: string;
}

export interface MenuTable {
  id: Generated<string>;
  parent_id: string | null;
  code: string;
  type: 'catalogue' | 'menu' | 'button' | 'tab';
  name_i18n: Json<I18nText>;
  path: string | null;
  perms: string | null;
  icon: string | null;
  sort: Generated<number>;
  product_type: string;
  terminal_type: Generated<'web' | 'app'>;
  created_at: GeneratedTimestamp;
  /** 015: the names per language (trigger menu_names_sync mirrors them and name_i18n). */
  updated_at: GeneratedTimestamp;
  created_by: string | null;
  updated_by: string | null;
  name_zh_cn: string | null;
  name_zh_tw: string | null;
  name_en: string | null;
  name_vi: string | null;
  name_es: string | null;
  shortcut: Generated<boolean>;
  external_link: Generated<boolean>;
  new_window: Generated<boolean>;
  remark: string | null;
}

export interface RoleMenuTable {
  tenant_id: string;
  role_id: string;
  menu_id: string;
}

export interface SessionTokenTable {
  tenant_id: string;
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  client_id: string | null;
  ip: string | null;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  method: Generated<'password' | 'sms' | 'sso'>;
  user_agent: string | null;
  factory_id: string | null;
  last_seen_at: GeneratedTimestamp;
  /** Who ended the session from the online-session screen or the personal centre. */
  ended_by: string | null;
}

export interface CaptchaTable {
  id: Generated<string>;
  answer_hash: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface DictTable {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  type: string;
  remark: Generated<string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface DictItemTable {
  tenant_id: string;
  id: Generated<string>;
  dict_id: string;
  label: string;
  value: string;
  sort: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface MenuAccessRecordTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  factory_id: string;
  function_id: string;
  created_at: GeneratedTimestamp;
}

export interface MenuFavouriteTable {
  tenant_id: string;
  user_id: string;
  factory_id: string;
  function_id: string;
  created_at: GeneratedTimestamp;
}

export interface AppTable {
  id: Generated<string>;
  app_type: string;
  app_name: string;
  name_i18n: Json<I18nText>;
  full_name_i18n: Json<I18nText>;
  url: string | null;
  port_offset: number | null;
  prefix_path: ColumnType<string[], string[], string[]>;
  fullscreen: Generated<boolean>;
  status: Generated<'enabled' | 'disabled'>;
  is_default: Generated<boolean>;
  sort: Generated<number>;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: GeneratedTimestamp;
}

export interface SmsCodeTable {
  tenant_id: string;
  id: Generated<string>;
  mobile: string;
  purpose: 'login';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  voided_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface FeedbackTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  factory_id: string | null;
  description: string;
  contact: string | null;
  status: Generated<'unprocessed' | 'processed'>;
  handle_opinion: string | null;
  handled_by: string | null;
  handled_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface FeedbackPictureTable {
  tenant_id: string;
  id: Generated<string>;
  feedback_id: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  created_at: GeneratedTimestamp;
}

export interface SsoLoginTable {
  state_hash: string;
  browser_hash: string;
  tenant_id: string;
  verifier: string;
  nonce: string;
  language: string;
  created_at: GeneratedTimestamp;
  used_at: Timestamp | null;
}

export interface UserIdentityTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  issuer: string;
  subject: string;
  created_at: GeneratedTimestamp;
}

export interface SsoExchangeTable {
  code_hash: string;
  tenant_id: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface NoticeTable {
  tenant_id: string;
  id: Generated<string>;
  title: string;
  content: Generated<string>;
  level: Generated<'info' | 'warning' | 'urgent'>;
  factory_ids: Generated<string[]>;
  role_ids: Generated<string[]>;
  user_ids: Generated<string[]>;
  /** 027: the readers' language; null reaches every language. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  publish_at: GeneratedTimestamp;
  expire_at: Timestamp | null;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface CourseTable {
  tenant_id: string;
  id: Generated<string>;
  title: string;
  description: string | null;
  url: string;
  sort: Generated<number>;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface NoticeReceiptTable {
  tenant_id: string;
  notice_id: string;
  user_id: string;
  handled_at: GeneratedTimestamp;
}

export interface HelpDocTable {
  tenant_id: string;
  id: Generated<string>;
  kind: 'help' | 'sop';
  route_path: string | null;
  doc_key: Generated<string>;
  language: string;
  title: string;
  content: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface LoginAttemptTable {
  id: Generated<string>;
  tenant_code: string;
  account: string;
  ip: string;
  success: boolean;
  /** The session a re-authentication try (change password) came from; null for logins. */
  session_id: Generated<string | null>;
  created_at: GeneratedTimestamp;
}

export interface LoginLogTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string | null;
  account: string;
  method: 'password' | 'sms' | 'sso' | 'logout';
  result: 'success' | 'failure' | 'locked';
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  client_id: string | null;
  created_at: GeneratedTimestamp;
}

export type OperationType = 'add' | 'edit' | 'delete' | 'state' | 'import' | 'export';

export interface OperationLogTable {
  tenant_id: string;
  id: Generated<string>;
  factory_id: string | null;
  user_id: string;
  account: string;
  operation_id: string | null;
  type: OperationType;
  method: string;
  path: string;
  resource: string;
  record_ids: ColumnType<string[], string | undefined, string>;
  record_count: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface ImportJobTable {
  tenant_id: string;
  id: Generated<string>;
  factory_id: string | null;
  user_id: string;
  resource: string;
  file_name: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  dry_run: Generated<boolean>;
  language: string;
  total: Generated<number>;
  processed: Generated<number>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  file: Uint8Array | null;
  created_at: GeneratedTimestamp;
  finished_at: Timestamp | null;
}

export interface AlarmTable {
  tenant_id: string;
  id: Generated<string>;
  factory_id: string;
  seq: Generated<string>;
  number: string;
  type: string;
  source_system: string;
  source_number: string | null;
  project_code: string | null;
  project_name: string | null;
  description: string;
  level: Generated<'info' | 'warning' | 'critical'>;
  occurred_at: GeneratedTimestamp;
  acknowledged_at: Timestamp | null;
  acknowledged_by: string | null;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export interface DB {
  alarm: AlarmTable;
  operation_log: OperationLogTable;
  import_job: ImportJobTable;
  login_attempt: LoginAttemptTable;
  login_log: LoginLogTable;
  help_doc: HelpDocTable;
  notice: NoticeTable;
  notice_receipt: NoticeReceiptTable;
  course: CourseTable;
  sso_login: SsoLoginTable;
  user_identity: UserIdentityTable;
  sso_exchange: SsoExchangeTable;
  sms_code: SmsCodeTable;
  feedback: FeedbackTable;
  feedback_picture: FeedbackPictureTable;
  tenant: TenantTable;
  factory: FactoryTable;
  organization: OrganizationTable;
  app_user: AppUserTable;
  user_factory: UserFactoryTable;
  role: RoleTable;
  user_role: UserRoleTable;
  menu: MenuTable;
  role_menu: RoleMenuTable;
  session_token: SessionTokenTable;
  captcha: CaptchaTable;
  dict: DictTable;
  dict_item: DictItemTable;
  menu_access_record: MenuAccessRecordTable;
  menu_favourite: MenuFavouriteTable;
  app: AppTable;
  schema_migrations: SchemaMigrationsTable;
}
