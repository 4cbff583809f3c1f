-- Organisation (issue 4): the engine's columns on the organisation table of 001, departments as a
-- tree with heads, staff linked to accounts, configuration items. The workflow (019) and the 'dept'
-- data scope (015) read department.parent_id, department.head_user_id, staff.user_id, staff.department_id.

ALTER TABLE organization ADD COLUMN created_by uuid;
ALTER TABLE organization ADD COLUMN updated_by uuid;
CREATE INDEX organization_name_idx ON organization (tenant_id, name);

CREATE TABLE department (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id        uuid NOT NULL REFERENCES tenant (id),
  code             varchar(64) NOT NULL,
  name             varchar(128) NOT NULL,
  parent_id        uuid,
  level            integer NOT NULL DEFAULT 1,
  sort_number      integer DEFAULT 0,
  head_user_id     uuid,
  department_role  varchar(64),
  contact_phone    varchar(20),
  contact_address  varchar(255),
  enabled          boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  created_by       uuid,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  updated_by       uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, parent_id) REFERENCES department (tenant_id, id),
  FOREIGN KEY (tenant_id, head_user_id) REFERENCES app_user (tenant_id, id)
);
CREATE INDEX department_scope_idx ON department (tenant_id);
CREATE INDEX department_parent_id_idx ON department (tenant_id, parent_id);
CREATE INDEX department_name_idx ON department (tenant_id, name);
CREATE INDEX department_enabled_idx ON department (tenant_id, enabled);

CREATE TABLE staff (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id         uuid NOT NULL REFERENCES tenant (id),
  code              varchar(64) NOT NULL,
  name              varchar(64) NOT NULL,
  english_name      varchar(64),
  sex               varchar(64),
  entry_date        date,
  department_id     uuid,
  job               varchar(64),
  extension_number  varchar(10),
  on_job            varchar(64) DEFAULT 'onJob',
  use_state         varchar(64) DEFAULT 'normal',
  lock_reason       varchar(255),
  user_id           uuid,
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, department_id) REFERENCES department (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id)
);
CREATE INDEX staff_scope_idx ON staff (tenant_id);
CREATE INDEX staff_user_idx ON staff (tenant_id, user_id);
CREATE INDEX staff_department_idx ON staff (tenant_id, department_id);
CREATE INDEX staff_name_idx ON staff (tenant_id, name);
CREATE INDEX staff_sex_idx ON staff (tenant_id, sex);
CREATE INDEX staff_on_job_idx ON staff (tenant_id, on_job);
CREATE INDEX staff_use_state_idx ON staff (tenant_id, use_state);

CREATE TABLE config_item (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  code        varchar(64) NOT NULL,
  name        varchar(128) NOT NULL,
  value       varchar(2000) NOT NULL,
  remark      varchar(255),
  created_at  timestamptz NOT NULL DEFAULT now(),
  created_by  uuid,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  uuid,
  UNIQUE (tenant_id, code)
);
CREATE INDEX config_item_name_idx ON config_item (tenant_id, name);
