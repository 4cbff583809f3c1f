/** Tables of migration 030 (API keys), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export interface ApiKeyTable {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  prefix: string;
  secret_hash: string;
  permissions: TextArray;
  factory_ids: TextArray;
  allowed_ips: TextArray;
  rate_limit: Generated<number>;
  expires_at: Timestamp;
  created_by: string;
  created_at: GeneratedTimestamp;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
}

declare module './types' {
  interface OperationLogTable {
    api_key_name: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface DB {
    api_key: ApiKeyTable;
  }
}

declare module './types-system' {
  interface InterfaceLogTable {
    api_key_name: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
