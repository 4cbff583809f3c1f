-- Workflow approval (issue 8): models with immutable deployed versions, running instances whose
-- engine state is stored here (so a restart resumes them), and the user tasks they wait on.

CREATE TABLE wf_model (
  tenant_id          uuid NOT NULL REFERENCES tenant (id),
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  key                varchar(64) NOT NULL,
  name               varchar(128) NOT NULL,
  description        varchar(1000) NOT NULL DEFAULT '',
  -- The draft being edited; a deploy copies it into a new version.
  xml                text NOT NULL,
  version            integer NOT NULL DEFAULT 0,
  status             text NOT NULL DEFAULT 'unpublished' CHECK (status IN ('unpublished', 'published')),
  published_version  integer,
  created_at         timestamptz NOT NULL DEFAULT now(),
  created_by         uuid,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  updated_by         uuid,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, key),
  CHECK ((status = 'published') = (published_version IS NOT NULL))
);

CREATE TABLE wf_model_version (
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  model_id     uuid NOT NULL,
  version      integer NOT NULL,
  xml          text NOT NULL,
  -- The user tasks with their assignees, as checked at deploy.
  tasks        jsonb NOT NULL,
  deployed_at  timestamptz NOT NULL DEFAULT now(),
  deployed_by  uuid,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, model_id, version),
  FOREIGN KEY (tenant_id, model_id) REFERENCES wf_model (tenant_id, id)
);

CREATE TABLE wf_instance (
  tenant_id      uuid NOT NULL REFERENCES tenant (id),
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  version_id     uuid NOT NULL,
  factory_id     uuid,
  business_type  varchar(64) NOT NULL,
  business_id    uuid NOT NULL,
  title          varchar(300) NOT NULL,
  starter_id     uuid NOT NULL,
  variables      jsonb NOT NULL DEFAULT '{}',
  state          jsonb,
  status         text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'approved', 'rejected')),
  done_elements  text[] NOT NULL DEFAULT '{}',
  started_at     timestamptz NOT NULL DEFAULT now(),
  ended_at       timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, version_id) REFERENCES wf_model_version (tenant_id, id)
);
CREATE INDEX wf_instance_business_idx ON wf_instance (tenant_id, business_type, business_id);

CREATE TABLE wf_task (
  tenant_id      uuid NOT NULL REFERENCES tenant (id),
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  instance_id    uuid NOT NULL,
  element_id     varchar(200) NOT NULL,
  name           varchar(300) NOT NULL,
  candidate_ids  uuid[] NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'agreed', 'rejected', 'cancelled')),
  handler_id     uuid,
  opinion        varchar(1000),
  created_at     timestamptz NOT NULL DEFAULT now(),
  handled_at     timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, instance_id) REFERENCES wf_instance (tenant_id, id)
);
CREATE INDEX wf_task_status_idx ON wf_task (tenant_id, status, created_at);
CREATE INDEX wf_task_candidates_idx ON wf_task USING gin (candidate_ids);
CREATE INDEX wf_task_instance_idx ON wf_task (tenant_id, instance_id);
