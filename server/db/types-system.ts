/** Tables and columns of migration 023 (platform system), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface InterfaceLogTable {
  tenant_id: string;
  id: Generated<string>;
  method: string;
  path: string;
  status: number;
  call_state: 'slow' | 'error';
  duration_ms: number;
  error_at: Timestamp | null;
  error_class: string | null;
  error_method: string | null;
  error_line: number | null;
  message: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  created_by: string | null;
  updated_by: string | null;
}

declare module './types' {
  interface DB {
    interface_log: InterfaceLogTable;
  }
}
