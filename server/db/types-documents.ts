/** Tables of migration 021 (documents), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateColumn = ColumnType<Date | string, string | null, string | null>;

export interface DocumentTypeTable {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  suffixes: string;
  encoding_rule_id: string | null;
  browsing_tool: Generated<string>;
  created_at: GeneratedTimestamp;
  created_by: string | null;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

export interface DocumentTable {
  tenant_id: string;
  id: Generated<string>;
  type_id: string;
  name: string;
  number: string;
  encrypted: Generated<boolean>;
  valid_from: DateColumn | null;
  valid_to: DateColumn | null;
  device_id: string | null;
  created_at: GeneratedTimestamp;
  created_by: string | null;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

export interface DocumentVersionTable {
  tenant_id: string;
  id: Generated<string>;
  document_id: string;
  version: string;
  file_name: string;
  suffix: string;
  size: ColumnType<string | number, number, number>;
  storage_key: string;
  encrypted: boolean;
  uploaded_at: GeneratedTimestamp;
  uploaded_by: string | null;
  release_status: Generated<'pending' | 'released' | 'rejected'>;
}

declare module './types' {
  interface DB {
    document_type: DocumentTypeTable;
    document: DocumentTable;
    document_version: DocumentVersionTable;
  }
}
