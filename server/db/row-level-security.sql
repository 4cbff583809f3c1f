-- Row-level security on every tenant table (DESIGN §4, SECURITY-TESTS T1.1). Idempotent: run after
-- the migrations at every start, so a table added by a later migration is covered the same day;
-- tests/server/rls.test.ts fails when a tenant table lacks its policy.
--
-- Requests run as portal_app (not superuser, not owner, not BYPASSRLS) with app.tenant_id set per
-- transaction; the connecting role keeps an explicit policy of its own for start-up and system work.
-- The audit trail's monthly partitions ahead (migration 032), before the policies below cover them.
SELECT audit_entry_add_partitions(3);

DO $rls$
DECLARE
  t record;
  tenant_expr constant text := 'nullif(current_setting(''app.tenant_id'', true), '''')::uuid';
BEGIN
  BEGIN
    CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL; -- created by an earlier start or by a concurrent one (roles are cluster-wide)
  END;
  IF NOT pg_has_role(current_user, 'portal_app', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT portal_app TO %I', current_user);
    EXCEPTION WHEN OTHERS THEN
      -- A concurrent start granted it first (tuple concurrently updated); check it holds now.
      IF NOT pg_has_role(current_user, 'portal_app', 'MEMBER') THEN RAISE; END IF;
    END;
  END IF;
  GRANT USAGE ON SCHEMA public TO portal_app;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO portal_app;
  REVOKE ALL ON schema_migrations FROM portal_app;
  -- The audit of issued codes is append-only for the serving role.
  REVOKE UPDATE, DELETE ON encoding_issue FROM portal_app;

  FOR t IN
    SELECT c.table_name AS name
    FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.name);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.name AND policyname = 'tenant_isolation') THEN
      EXECUTE format('CREATE POLICY tenant_isolation ON %I TO portal_app USING (tenant_id = %s) WITH CHECK (tenant_id = %s)', t.name, tenant_expr, tenant_expr);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.name AND policyname = 'system_access') THEN
      EXECUTE format('CREATE POLICY system_access ON %I TO %I USING (true) WITH CHECK (true)', t.name, current_user);
    END IF;
  END LOOP;

  -- The tenant table: a tenant sees its own row only.
  ALTER TABLE tenant ENABLE ROW LEVEL SECURITY;
  ALTER TABLE tenant FORCE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'tenant' AND policyname = 'tenant_isolation') THEN
    EXECUTE format('CREATE POLICY tenant_isolation ON tenant TO portal_app USING (id = %s) WITH CHECK (id = %s)', tenant_expr, tenant_expr);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'tenant' AND policyname = 'system_access') THEN
    EXECUTE format('CREATE POLICY system_access ON tenant TO %I USING (true) WITH CHECK (true)', current_user);
  END IF;
END
$rls$;

-- The audit trail (migration 032): history is append-only for the serving role, through the
-- partitioned table only; the chain's anchor and the retention maintenance belong to the owner.
-- (Its partitions are made ahead at the top of this script, so the loop above gives them their policies;
-- read directly they show the tenant's rows only, and they take no writes from the serving role.)
DO $audit$
DECLARE
  p record;
BEGIN
  REVOKE UPDATE, DELETE, TRUNCATE ON audit_entry FROM portal_app;
  FOR p IN SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'audit_entry'::regclass LOOP
    EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON %s FROM portal_app', p.name);
  END LOOP;
  REVOKE UPDATE, DELETE, TRUNCATE ON audit_chain FROM portal_app;
  GRANT UPDATE (seq, hash, last_at) ON audit_chain TO portal_app;
  REVOKE EXECUTE ON FUNCTION audit_purge() FROM PUBLIC;
END
$audit$;
