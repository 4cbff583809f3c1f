-- Document management (issue 7): types with allowed suffixes and a numbering rule; documents with
-- their versions (the newest is the default); files in the storage folder, encrypted when asked.

CREATE TABLE document_type (
  tenant_id         uuid NOT NULL REFERENCES tenant (id),
  id                uuid NOT NULL DEFAULT gen_random_uuid(),
  name              varchar(64) NOT NULL,
  suffixes          varchar(200) NOT NULL,
  encoding_rule_id  uuid,
  browsing_tool     varchar(64) NOT NULL DEFAULT 'auto',
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name),
  FOREIGN KEY (tenant_id, encoding_rule_id) REFERENCES encoding_rule (tenant_id, id)
);
CREATE INDEX document_type_scope_idx ON document_type (tenant_id);

CREATE TABLE document (
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  type_id       uuid NOT NULL,
  name          varchar(200) NOT NULL,
  number        varchar(64) NOT NULL,
  encrypted     boolean NOT NULL DEFAULT false,
  valid_from    date,
  valid_to      date,
  -- A device document can be browsed only by holders of the browsing authority when the device asks for it.
  device_id     uuid,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    uuid,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    uuid,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, number),
  FOREIGN KEY (tenant_id, type_id) REFERENCES document_type (tenant_id, id),
  CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to >= valid_from)
);

CREATE TABLE document_version (
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  document_id   uuid NOT NULL,
  version       varchar(32) NOT NULL,
  file_name     varchar(255) NOT NULL,
  suffix        varchar(10) NOT NULL,
  size          bigint NOT NULL,
  storage_key   varchar(64) NOT NULL,
  encrypted     boolean NOT NULL,
  uploaded_at   timestamptz NOT NULL DEFAULT now(),
  uploaded_by   uuid,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, document_id, version),
  FOREIGN KEY (tenant_id, document_id) REFERENCES document (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX document_version_newest_idx ON document_version (tenant_id, document_id, uploaded_at DESC);

-- Release through the workflow: a version uploaded while a `document-release` process is published
-- waits for it (pending) and is shown by default only once released.
ALTER TABLE document_version ADD COLUMN release_status text NOT NULL DEFAULT 'released'
  CHECK (release_status IN ('pending', 'released', 'rejected'));
