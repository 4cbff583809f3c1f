/** Tables of migrations 019 (workflow) and 033 (signatures), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';
import type { InstanceStatus, ModelStatus, TaskStatus } from '../../model/workflow/api';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface WfModelTable {
  tenant_id: string;
  id: Generated<string>;
  key: string;
  name: string;
  description: Generated<string>;
  xml: string;
  version: Generated<number>;
  status: Generated<ModelStatus>;
  published_version: number | null;
  created_at: GeneratedTimestamp;
  created_by: string | null;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

export interface StoredTask {
  id: string;
  name: string;
  assignee: string;
  /** Signature meanings (issue 25); absent when deciding needs no signature. */
  signature?: string[];
}

export interface WfModelVersionTable {
  tenant_id: string;
  id: Generated<string>;
  model_id: string;
  version: number;
  xml: string;
  tasks: Json<StoredTask[]>;
  deployed_at: GeneratedTimestamp;
  deployed_by: string | null;
}

export interface WfInstanceTable {
  tenant_id: string;
  id: Generated<string>;
  version_id: string;
  factory_id: string | null;
  business_type: string;
  business_id: string;
  title: string;
  starter_id: string;
  variables: Json<Record<string, unknown>>;
  state: Json<unknown> | null;
  status: Generated<InstanceStatus>;
  done_elements: ColumnType<string[], string[] | undefined, string[]>;
  started_at: GeneratedTimestamp;
  ended_at: Timestamp | null;
}

export interface WfTaskTable {
  tenant_id: string;
  id: Generated<string>;
  instance_id: string;
  element_id: string;
  name: string;
  candidate_ids: ColumnType<string[], string[], string[]>;
  status: Generated<TaskStatus>;
  handler_id: string | null;
  opinion: string | null;
  created_at: GeneratedTimestamp;
  handled_at: Timestamp | null;
  sign_meanings: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  signer_id: string | null;
  signer_name: string | null;
  sign_meaning: string | null;
  signed_at: Timestamp | null;
}

declare module './types' {
  interface DB {
    wf_model: WfModelTable;
    wf_model_version: WfModelVersionTable;
    wf_instance: WfInstanceTable;
    wf_task: WfTaskTable;
  }
}
