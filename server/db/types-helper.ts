/** Tables of migration 020 (helper screens), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';
import type { MenuApplicationEntry, MenuApplicationStatus } from '../../model/helper';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface TranslationOverrideTable {
  tenant_id: string;
  language: string;
  namespace: string;
  key: string;
  value: string;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

export interface MenuApplicationTable {
  tenant_id: string;
  id: Generated<string>;
  app_type: string;
  title: string;
  reason: Generated<string>;
  entries: Json<MenuApplicationEntry[]>;
  status: Generated<MenuApplicationStatus>;
  review_reason: string | null;
  applicant_id: string;
  reviewer_id: string | null;
  created_at: GeneratedTimestamp;
  reviewed_at: Timestamp | null;
}

declare module './types' {
  interface DB {
    translation_override: TranslationOverrideTable;
    menu_application: MenuApplicationTable;
  }
}
