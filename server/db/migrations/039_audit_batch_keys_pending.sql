-- The record keys of an import's history chunks (migration 037) enter the GIN index through its
-- pending list. At the default 4 MB list, every second import of 100,000 records merged the whole
-- list into the index inside one of its own chunk statements (2 ms of each chunk's 3.4 on average,
-- in spikes). A 16 MB list leaves that merge to the server, which runs it after an import commits
-- (server/audit/settle.ts), off the import's path; a lookup meanwhile reads the list (one import's
-- keys are about 2 MB) as well as the index.
CREATE FUNCTION audit_batch_index_tune() RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  ix regclass;
  n integer := 0;
BEGIN
  FOR ix IN
    SELECT i.inhrelid::regclass FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'audit_entry_batch_idx'::regclass
      AND NOT coalesce(c.reloptions @> ARRAY['gin_pending_list_limit=16384'], false)
  LOOP
    EXECUTE format('ALTER INDEX %s SET (gin_pending_list_limit = 16384)', ix);
    n := n + 1;
  END LOOP;
  RETURN n;
END
$fn$;

SELECT audit_batch_index_tune();
