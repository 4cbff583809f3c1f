-- The resource engine (issue 3): the operation log every write of a resource leaves, and import jobs
-- (large files processed in the background, and the error reports of failed imports).

-- One row per write (and export) through the engine: who, when, what, from which menu (X-Operation-Id).
CREATE TABLE operation_log (
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  factory_id    uuid,
  user_id       uuid NOT NULL,
  account       text NOT NULL,
  operation_id  text,
  type          text NOT NULL CHECK (type IN ('add', 'edit', 'delete', 'state', 'import', 'export')),
  method        text NOT NULL,
  path          text NOT NULL,
  resource      text NOT NULL,
  -- The ids written (at most 1,000; record_count holds the full number).
  record_ids    jsonb NOT NULL DEFAULT '[]',
  record_count  integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX operation_log_time_idx ON operation_log (tenant_id, created_at);

-- An import: a background job for a large file, or the kept result of a failed one (its error report
-- is the uploaded file annotated with `result.errors`). Only the user who uploaded it may read it.
CREATE TABLE import_job (
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  factory_id   uuid,
  user_id      uuid NOT NULL,
  resource     text NOT NULL,
  file_name    text NOT NULL,
  status       text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  dry_run      boolean NOT NULL DEFAULT false,
  language     text NOT NULL,
  total        integer NOT NULL DEFAULT 0,
  processed    integer NOT NULL DEFAULT 0,
  result       jsonb,
  -- The uploaded file: needed by a queued job and by an error report; cleared after a success.
  file         bytea,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX import_job_user_idx ON import_job (tenant_id, user_id, created_at);
CREATE INDEX import_job_age_idx ON import_job (created_at);
