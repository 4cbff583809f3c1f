-- An import's history (issue 25) as one row per chunk of the import. Every imported record still
-- has its own entry, as the History drawer, the audit screen and the API show it; a chunk's entries
-- are kept together in one row of `audit_entry`:
--   `batch` is the JSON text of `{"fields": [field keys], "ids": [record ids], "records": [...]}`,
--   each record `[code, [field indexes] or null for all the fields in order, [afters], [befores] or
--   null, [secret field indexes]]`, the last two left out when empty (server/audit/batch.ts); text,
--   not jsonb, as it is written far more often than read;
--   `record_keys` holds a 32-bit key per record id (FNV-1a, server/audit/batch.ts `recordKey`), for
--   the GIN index a record's history reads through; the chain check makes sure they are the ids';
--   `changes` is empty.
-- The row is one link of the tenant's chain, its hash covering every record in it. Written row by
-- row, the entries of an import of 100,000 records cost more than the import itself (four index
-- entries and a JSON document each); as chunks they cost one small index key per record.
ALTER TABLE audit_entry ADD COLUMN record_keys integer[], ADD COLUMN batch text;

CREATE INDEX audit_entry_batch_idx ON audit_entry USING gin (record_keys) WHERE record_keys IS NOT NULL;

-- lz4 compresses a chunk's text several times faster than the default; a server built without it
-- (the embedded database) keeps the default.
DO $$
BEGIN
  ALTER TABLE audit_entry ALTER COLUMN batch SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
  NULL;
END
$$;

-- The audit screen lists entries one per record: a chunk's row gives one line per record in it, its
-- text parsed once per row.
CREATE OR REPLACE VIEW audit_trail WITH (security_invoker = true) AS
  SELECT id, tenant_id, seq, at AS created_at, at AS updated_at, user_id AS created_by, user_id AS updated_by, factory_id,
         action, entity, record_id, record_code, user_name, api_key_name, ip, operation_id, import_job_id, changes::text AS changes
  FROM audit_entry
  WHERE batch IS NULL
  UNION ALL
  SELECT md5(e.id::text || ':' || r.n)::uuid, e.tenant_id, e.seq, e.at, e.at, e.user_id, e.user_id, e.factory_id,
         e.action, e.entity, r.record_id, r.rec ->> 0, e.user_name, e.api_key_name, e.ip, e.operation_id, e.import_job_id,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('field', b.fields ->> (x.i #>> '{}')::int,
                                                       'before', coalesce(r.rec -> 3 -> (x.o::int - 1), 'null'::jsonb),
                                                       'after', r.rec -> 2 -> (x.o::int - 1))
                  || CASE WHEN coalesce(r.rec -> 4, '[]'::jsonb) @> jsonb_build_array(x.i) THEN '{"secret": true}'::jsonb ELSE '{}'::jsonb END
                  ORDER BY x.o), '[]'::jsonb)::text
            FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.rec -> 1) = 'array' THEN r.rec -> 1
                                           ELSE (SELECT jsonb_agg(g - 1) FROM generate_series(1, jsonb_array_length(r.rec -> 2)) g) END) WITH ORDINALITY AS x(i, o))
  FROM audit_entry e
  CROSS JOIN LATERAL jsonb_to_record(e.batch::jsonb) AS b(fields jsonb, ids jsonb, records jsonb)
  CROSS JOIN LATERAL ROWS FROM (jsonb_array_elements_text(b.ids), jsonb_array_elements(b.records)) WITH ORDINALITY AS r(record_id, rec, n)
  WHERE e.batch IS NOT NULL;

-- The chunks holding a record's entries: their sequence numbers in `p_tenant`, which must be the
-- tenant row-level security serves the caller when it serves one (the embedded database serves none).
-- Under row-level security, `@>` (not leakproof) could not use the GIN index and a record's history
-- would go through every entry of its entity; run as the owner, it does, and the rows are then read
-- by their keys with the caller's own rights. The statement is planned for its values each time: a
-- plan made once for any values went through every entry (50 ms among ten million). A record is in
-- few chunks (ROWS, for the caller's plan: a lookup by key per chunk).
CREATE FUNCTION audit_batch_seqs(p_tenant uuid, p_entity text, p_key integer) RETURNS SETOF bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 4 SET search_path = public AS $fn$
BEGIN
  IF coalesce(nullif(current_setting('app.tenant_id', true), '')::uuid, p_tenant) <> p_tenant THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format('SELECT seq FROM audit_entry WHERE tenant_id = %L AND entity = %L AND record_keys @> ARRAY[%s]', p_tenant, p_entity, p_key);
END
$fn$;
