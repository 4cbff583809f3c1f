/** Tables of migration 016 (organisation), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateColumn = ColumnType<string | Date, string, string>;

interface Audit {
  created_at: GeneratedTimestamp;
  created_by: string | null;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

export interface DepartmentTable extends Audit {
  id: Generated<string>;
  tenant_id: string;
  code: string;
  name: string;
  parent_id: string | null;
  level: Generated<number>;
  sort_number: number | null;
  head_user_id: string | null;
  department_role: string | null;
  contact_phone: string | null;
  contact_address: string | null;
  enabled: Generated<boolean>;
}

export interface StaffTable extends Audit {
  id: Generated<string>;
  tenant_id: string;
  code: string;
  name: string;
  english_name: string | null;
  sex: string | null;
  entry_date: DateColumn | null;
  department_id: string | null;
  job: string | null;
  extension_number: string | null;
  on_job: string | null;
  use_state: string | null;
  lock_reason: string | null;
  user_id: string | null;
}

export interface ConfigItemTable extends Audit {
  id: Generated<string>;
  tenant_id: string;
  code: string;
  name: string;
  value: string;
  remark: string | null;
}

/** Migration 025: roles given to staff records, and the organisations a staff member works for. */
export interface RoleStaffTable {
  tenant_id: string;
  role_id: string;
  staff_id: string;
}

export interface StaffOrganizationTable {
  tenant_id: string;
  staff_id: string;
  organization_id: string;
}

/** The view of every user's roles: given to the account, or to its staff record (on the job, not locked). */
export interface RoleMemberView {
  tenant_id: string;
  user_id: string;
  role_id: string;
}

/** Migration 026: the product's menu entries that have started once (by code). */
export interface SeededMenuTable {
  code: string;
  seeded_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module './types' {
  interface DB {
    seeded_menu: SeededMenuTable;
    department: DepartmentTable;
    staff: StaffTable;
    config_item: ConfigItemTable;
    role_staff: RoleStaffTable;
    staff_organization: StaffOrganizationTable;
    role_member: RoleMemberView;
  }
}
