-- Encoding rules and scan rules (issue 6): the two definitions' tables (model/resources/encoding-rule.ts,
-- scan-rule.ts; tenant-scoped), the counters codes are drawn from, and the audit of every issued code.

CREATE TABLE encoding_rule (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id      uuid NOT NULL REFERENCES tenant (id),
  name           varchar(64) NOT NULL,
  rule_type      varchar(64) NOT NULL DEFAULT 'base10',
  base_code      varchar(64),
  start_code     varchar(24) NOT NULL,
  end_code       varchar(24),
  reset_type     varchar(64) NOT NULL DEFAULT 'none',
  first_weekday  varchar(64) NOT NULL DEFAULT 'monday',
  details        jsonb NOT NULL DEFAULT '[]',
  remark         varchar(255),
  created_at     timestamptz NOT NULL DEFAULT now(),
  created_by     uuid,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, name)
);
CREATE INDEX encoding_rule_scope_idx ON encoding_rule (tenant_id);
CREATE INDEX encoding_rule_list_rule_type_idx ON encoding_rule (tenant_id, rule_type);

-- One counter per rule and per the context parts the rule prints: factory code, line code, period
-- ('' where the rule does not print it or never resets). `value` is how many codes it has issued;
-- codes are taken by one INSERT … ON CONFLICT DO UPDATE … RETURNING, which locks the row until the
-- issuing transaction (and its audit rows) commits, so processes never hand out the same offset.
CREATE TABLE encoding_counter (
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  rule_id       uuid NOT NULL,
  factory_code  text NOT NULL DEFAULT '',
  line_code     text NOT NULL DEFAULT '',
  period        varchar(16) NOT NULL DEFAULT '',
  value         bigint NOT NULL CHECK (value >= 0),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, rule_id, factory_code, line_code, period),
  -- A rule that has issued codes cannot be deleted (the engine answers 409).
  FOREIGN KEY (tenant_id, rule_id) REFERENCES encoding_rule (tenant_id, id)
);

-- Every issued code: which rule, which context, who, when, in which reservation (batch). A code is
-- issued once per rule: the unique key refuses a duplicate even after a rule was edited badly.
CREATE TABLE encoding_issue (
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  id            bigint GENERATED ALWAYS AS IDENTITY,
  rule_id       uuid NOT NULL,
  code          text NOT NULL,
  counter_value bigint NOT NULL,
  factory_code  text NOT NULL DEFAULT '',
  line_code     text NOT NULL DEFAULT '',
  period        varchar(16) NOT NULL DEFAULT '',
  issue_date    date NOT NULL,
  batch_id      uuid NOT NULL,
  user_id       uuid NOT NULL,
  account       text NOT NULL,
  issued_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, rule_id, code),
  FOREIGN KEY (tenant_id, rule_id) REFERENCES encoding_rule (tenant_id, id)
);
-- Search by code (exact or prefix, whatever the database's collation) and by reservation.
CREATE INDEX encoding_issue_code_idx ON encoding_issue (tenant_id, code text_pattern_ops);
CREATE INDEX encoding_issue_batch_idx ON encoding_issue (tenant_id, batch_id);

CREATE TABLE scan_rule (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id           uuid NOT NULL REFERENCES tenant (id),
  code                varchar(32) NOT NULL,
  name                varchar(64) NOT NULL,
  scan_type           varchar(64) NOT NULL,
  inspection_type     varchar(64) NOT NULL DEFAULT 'positions',
  barcode_length      integer NOT NULL,
  parse_start         integer,
  parse_end           integer,
  checksum            boolean NOT NULL DEFAULT false,
  checksum_start      integer,
  checksum_end        integer,
  checksum_algorithm  varchar(64) NOT NULL DEFAULT 'gs1Mod10',
  sn_start            integer,
  sn_end              integer,
  date_code_start     integer,
  date_code_end       integer,
  date_code_format    varchar(64) NOT NULL DEFAULT 'raw',
  pattern             varchar(500),
  segments            jsonb NOT NULL DEFAULT '[]',
  test_vectors        jsonb NOT NULL DEFAULT '[]',
  description         varchar(255),
  created_at          timestamptz NOT NULL DEFAULT now(),
  created_by          uuid,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  updated_by          uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX scan_rule_scope_idx ON scan_rule (tenant_id);
CREATE INDEX scan_rule_list_name_idx ON scan_rule (tenant_id, name);
CREATE INDEX scan_rule_list_scan_type_idx ON scan_rule (tenant_id, scan_type);
CREATE INDEX scan_rule_list_inspection_type_idx ON scan_rule (tenant_id, inspection_type);
