-- The audit trail (issue 25): the field-level history of every record, chained per tenant.
--
-- `audit_entry` is partitioned by month on `at`. Partitions are made ahead by
-- audit_entry_add_partitions (called at every start, after row-level security), and a default
-- partition takes whatever falls outside them, so a write never fails for want of a partition.
-- The serving role may only INSERT and SELECT it (row-level-security.sql revokes the rest).
--
-- Tamper evidence: each entry carries its tenant's sequence number `seq`, the previous entry's
-- hash `prev_hash` and `hash` = sha256(prev_hash, canonical JSON of its content) computed by
-- server/audit/hash.ts. `audit_chain` is the tenant's head (last seq, last hash): updating it in
-- the writing transaction serialises a tenant's writers for the end of their transactions only.
CREATE TABLE audit_entry (
  tenant_id      uuid NOT NULL,
  seq            bigint NOT NULL,
  id             uuid NOT NULL,
  at             timestamptz NOT NULL,
  action         text NOT NULL CHECK (action IN ('create', 'update', 'state', 'delete', 'import', 'sign')),
  entity         text NOT NULL,
  record_id      text NOT NULL,
  record_code    text,
  factory_id     uuid,
  user_id        uuid,
  user_name      text,
  api_key_name   text,
  ip             text,
  operation_id   text,
  import_job_id  text,
  changes        jsonb NOT NULL,
  signature      jsonb,
  prev_hash      text NOT NULL,
  hash           text NOT NULL,
  PRIMARY KEY (tenant_id, seq, at)
) PARTITION BY RANGE (at);

CREATE TABLE audit_entry_default PARTITION OF audit_entry DEFAULT;

-- A record's history, newest first.
CREATE INDEX audit_entry_record_idx ON audit_entry (tenant_id, entity, record_id, at);
-- The tenant-wide screen, newest first.
CREATE INDEX audit_entry_at_idx ON audit_entry (tenant_id, at);
CREATE INDEX audit_entry_job_idx ON audit_entry (tenant_id, import_job_id) WHERE import_job_id IS NOT NULL;

-- The head of each tenant's chain. `kept_from_seq` and `anchor_hash` are written by the retention
-- maintenance only (the owner role): verification starts at the first kept entry, whose
-- `prev_hash` must be the anchor.
CREATE TABLE audit_chain (
  tenant_id      uuid PRIMARY KEY REFERENCES tenant (id) ON DELETE CASCADE,
  seq            bigint NOT NULL,
  hash           text NOT NULL,
  last_at        timestamptz NOT NULL,
  kept_from_seq  bigint NOT NULL DEFAULT 1,
  anchor_hash    text NOT NULL DEFAULT '0000000000000000000000000000000000000000000000000000000000000000'
);

-- Per-tenant retention: entries older than `months` are removed by audit_purge (run by the
-- owner role), never sooner than the legal minimum the tenant sets. No row: kept for ever.
CREATE TABLE audit_retention (
  tenant_id          uuid PRIMARY KEY REFERENCES tenant (id) ON DELETE CASCADE,
  months             integer NOT NULL CHECK (months >= 1),
  legal_min_months   integer NOT NULL DEFAULT 0 CHECK (legal_min_months >= 0),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (months >= legal_min_months)
);

-- The tenant-wide audit screen reads history as an engine resource (model/resources/logs.ts
-- `auditTrail`): the columns the engine expects, read with the caller's rights and policies.
CREATE VIEW audit_trail WITH (security_invoker = true) AS
  SELECT id, tenant_id, seq, at AS created_at, at AS updated_at, user_id AS created_by, user_id AS updated_by, factory_id,
         action, entity, record_id, record_code, user_name, api_key_name, ip, operation_id, import_job_id, changes::text AS changes
  FROM audit_entry;

-- Makes the monthly partitions (UTC months) from this month to `ahead` months later. A month some
-- rows of the default partition already fall in is left there (attaching it would fail).
CREATE FUNCTION audit_entry_add_partitions(ahead integer) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  first_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  m timestamp;
  lo timestamptz;
  hi timestamptz;
  part text;
  made integer := 0;
BEGIN
  FOR i IN 0..ahead LOOP
    m := first_month + make_interval(months => i);
    lo := m AT TIME ZONE 'UTC';
    hi := (m + interval '1 month') AT TIME ZONE 'UTC';
    part := 'audit_entry_' || to_char(m, 'YYYY_MM');
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    CONTINUE WHEN EXISTS (SELECT 1 FROM audit_entry_default WHERE at >= lo AND at < hi);
    EXECUTE format('CREATE TABLE %I PARTITION OF audit_entry FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
    made := made + 1;
  END LOOP;
  RETURN made;
END
$fn$;

-- Removes each tenant's entries older than its retention (a prefix of its chain, as `at` grows
-- with `seq` within a tenant) and moves the chain's anchor past them. For the owner role only.
CREATE FUNCTION audit_purge() RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
  cut bigint;
  cut_hash text;
  removed bigint := 0;
  n bigint;
BEGIN
  FOR r IN SELECT tenant_id, greatest(months, legal_min_months) AS months FROM audit_retention LOOP
    SELECT seq, hash INTO cut, cut_hash FROM audit_entry
      WHERE tenant_id = r.tenant_id AND at < now() - make_interval(months => r.months)
      ORDER BY seq DESC LIMIT 1;
    CONTINUE WHEN cut IS NULL;
    DELETE FROM audit_entry WHERE tenant_id = r.tenant_id AND seq <= cut;
    GET DIAGNOSTICS n = ROW_COUNT;
    removed := removed + n;
    UPDATE audit_chain SET kept_from_seq = cut + 1, anchor_hash = cut_hash WHERE tenant_id = r.tenant_id AND kept_from_seq <= cut;
  END LOOP;
  RETURN removed;
END
$fn$;

SELECT audit_entry_add_partitions(3);
