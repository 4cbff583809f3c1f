/** The table of migration 024 (bills of materials), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';

type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back as strings (exact decimals); numbers or strings go in. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface BomLineTable {
  tenant_id: string;
  id: Generated<string>;
  parent_material_id: string;
  component_material_id: string;
  line_no: number;
  dosage: Numeric;
  dosage_unit_id: string | null;
  loss_rate: ColumnType<string, number | string | undefined, number | string>;
  priority: number | null;
  ecn_number: string | null;
  created_at: GeneratedTimestamp;
  created_by: string | null;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

declare module './types' {
  interface DB {
    bom_line: BomLineTable;
  }
}
