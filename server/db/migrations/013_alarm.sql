-- Alarms (SPEC §3, issue 9): raised by other domains through the API, per factory, delivered to the
-- shell by a cursor (seq) so a poll returns only what it has not seen, acknowledged by a user.
CREATE TABLE alarm (
  tenant_id        uuid NOT NULL REFERENCES tenant (id),
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  factory_id       uuid NOT NULL,
  seq              bigint GENERATED ALWAYS AS IDENTITY,
  number           varchar(64) NOT NULL,
  type             varchar(64) NOT NULL,
  source_system    varchar(64) NOT NULL,
  source_number    varchar(64),
  project_code     varchar(64),
  project_name     varchar(128),
  description      varchar(500) NOT NULL,
  level            varchar(16) NOT NULL DEFAULT 'warning' CHECK (level IN ('info', 'warning', 'critical')),
  occurred_at      timestamptz NOT NULL DEFAULT now(),
  acknowledged_at  timestamptz,
  acknowledged_by  uuid,
  created_by       uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, factory_id, number),
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id)
);
CREATE INDEX alarm_feed_idx ON alarm (tenant_id, factory_id, seq);
CREATE INDEX alarm_open_idx ON alarm (tenant_id, factory_id, occurred_at DESC) WHERE acknowledged_at IS NULL;
