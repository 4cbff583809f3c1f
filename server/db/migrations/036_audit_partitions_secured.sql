-- The audit trail's monthly partitions are also made while the server runs (issue 25: a daily job,
-- server/audit/schedule.ts), not only at start. A partition made then must be as closed as the ones
-- the start-up's row-level-security script covers: row-level security enabled and forced with the
-- same policies, and nothing but reading for the serving role (history is written through the parent).
-- Before the serving role exists (the first start, when migration 032 makes the first partitions)
-- that script covers them itself.
CREATE OR REPLACE FUNCTION audit_entry_add_partitions(ahead integer) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  first_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
  m timestamp;
  lo timestamptz;
  hi timestamptz;
  part text;
  made integer := 0;
  tenant_expr constant text := 'nullif(current_setting(''app.tenant_id'', true), '''')::uuid';
BEGIN
  FOR i IN 0..ahead LOOP
    m := first_month + make_interval(months => i);
    lo := m AT TIME ZONE 'UTC';
    hi := (m + interval '1 month') AT TIME ZONE 'UTC';
    part := 'audit_entry_' || to_char(m, 'YYYY_MM');
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    CONTINUE WHEN EXISTS (SELECT 1 FROM audit_entry_default WHERE at >= lo AND at < hi);
    EXECUTE format('CREATE TABLE %I PARTITION OF audit_entry FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', part);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', part);
      EXECUTE format('CREATE POLICY tenant_isolation ON %I TO portal_app USING (tenant_id = %s) WITH CHECK (tenant_id = %s)', part, tenant_expr, tenant_expr);
      EXECUTE format('CREATE POLICY system_access ON %I TO %I USING (true) WITH CHECK (true)', part, current_user);
      EXECUTE format('REVOKE ALL ON %I FROM portal_app', part);
      EXECUTE format('GRANT SELECT ON %I TO portal_app', part);
    END IF;
    made := made + 1;
  END LOOP;
  RETURN made;
END
$fn$;
