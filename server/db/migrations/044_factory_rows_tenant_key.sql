-- A factory's row already refers to (tenant_id, factory_id) of factory, and a factory to its tenant,
-- so its own key to tenant proves nothing more, yet costs one check per written row (issue 22: a
-- ninth of an import's statement time). It goes from every table that has both; keys to tenant that
-- delete in cascade stay, as deleting a tenant would otherwise behave differently.
DO $$
DECLARE
  k record;
BEGIN
  FOR k IN
    SELECT c.conrelid::regclass AS tab, c.conname
    FROM pg_constraint c
    JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = current_schema()
    WHERE c.contype = 'f'
      AND c.confrelid = 'tenant'::regclass
      AND c.confdeltype = 'a'
      AND array_length(c.conkey, 1) = 1
      AND EXISTS (
        SELECT 1 FROM pg_constraint f
        WHERE f.conrelid = c.conrelid AND f.contype = 'f' AND f.confrelid = 'factory'::regclass
          AND f.conkey @> c.conkey
          AND array_length(f.conkey, 1) = 2
      )
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', k.tab, k.conname);
  END LOOP;
END $$;
