/** Tables of migration 032 (the audit trail), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type BigInt = ColumnType<string, number | string, number | string>;

export interface AuditEntryTable {
  tenant_id: string;
  seq: BigInt;
  id: string;
  at: Timestamp;
  action: string;
  entity: string;
  record_id: string;
  record_code: string | null;
  factory_id: string | null;
  user_id: string | null;
  user_name: string | null;
  api_key_name: string | null;
  ip: string | null;
  operation_id: string | null;
  import_job_id: string | null;
  changes: ColumnType<unknown, string, string>;
  signature: ColumnType<unknown, string | null, string | null>;
  prev_hash: string;
  hash: string;
  /** A batch row's index keys, one per record (migration 037); null for one record's entry. */
  record_keys: number[] | null;
  /** A batch row's records, packed (server/audit/batch.ts). */
  batch: string | null;
}

export interface AuditChainTable {
  tenant_id: string;
  seq: BigInt;
  hash: string;
  last_at: Timestamp;
  kept_from_seq: Generated<BigInt>;
  anchor_hash: Generated<string>;
}

export interface AuditRetentionTable {
  tenant_id: string;
  months: number;
  legal_min_months: Generated<number>;
  updated_at: Generated<Timestamp>;
}

declare module './types' {
  interface DB {
    audit_entry: AuditEntryTable;
    audit_chain: AuditChainTable;
    audit_retention: AuditRetentionTable;
  }
}
