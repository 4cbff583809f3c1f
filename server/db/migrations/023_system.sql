-- Platform system screens (issue 4, part 3): the factory's ERP organisation, the app registry and
-- tenants on the resource engine, and the interface log.

-- Factory: the ERP organisation it maps to (SPEC §3).
ALTER TABLE factory
  ADD COLUMN erp_org_id text,
  ADD COLUMN erp_org_code text,
  ADD COLUMN erp_org_name text,
  ADD COLUMN erp_ou_id text;

-- App registry: the engine's audit columns, a name column per language and the prefixes as one
-- comma-separated text (what the screen edits), mirrored into name_i18n and prefix_path (what the
-- shell reads).
ALTER TABLE app
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by uuid,
  ADD COLUMN updated_by uuid,
  ADD COLUMN name_zh_cn text,
  ADD COLUMN name_zh_tw text,
  ADD COLUMN name_en text,
  ADD COLUMN name_vi text,
  ADD COLUMN name_es text,
  ADD COLUMN prefix_list text;

CREATE FUNCTION app_registry_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name_i18n IS NOT NULL AND (TG_OP = 'INSERT' AND NEW.name_zh_cn IS NULL OR TG_OP = 'UPDATE' AND NEW.name_i18n IS DISTINCT FROM OLD.name_i18n) THEN
    NEW.name_zh_cn := NEW.name_i18n ->> 'zh-CN';
    NEW.name_zh_tw := NEW.name_i18n ->> 'zh-TW';
    NEW.name_en := NEW.name_i18n ->> 'en';
    NEW.name_vi := NEW.name_i18n ->> 'vi';
    NEW.name_es := NEW.name_i18n ->> 'es';
  ELSE
    NEW.name_i18n := jsonb_strip_nulls(jsonb_build_object('zh-CN', NEW.name_zh_cn, 'zh-TW', NEW.name_zh_tw, 'en', NEW.name_en, 'vi', NEW.name_vi, 'es', NEW.name_es));
  END IF;
  IF NEW.full_name_i18n IS NULL THEN NEW.full_name_i18n := NEW.name_i18n; END IF;
  IF NEW.prefix_list IS NULL OR TG_OP = 'UPDATE' AND NEW.prefix_path IS DISTINCT FROM OLD.prefix_path AND NEW.prefix_list IS NOT DISTINCT FROM OLD.prefix_list THEN
    NEW.prefix_list := array_to_string(NEW.prefix_path, ',');
  ELSE
    NEW.prefix_path := coalesce((SELECT array_agg(p ORDER BY n) FROM (SELECT btrim(x) AS p, n FROM unnest(string_to_array(NEW.prefix_list, ',')) WITH ORDINALITY AS u(x, n)) s WHERE p <> ''), '{}');
  END IF;
  RETURN NEW;
END $$;
CREATE INDEX app_app_name_idx ON app (app_name);
CREATE INDEX app_status_idx ON app (status);
CREATE TRIGGER app_registry_sync BEFORE INSERT OR UPDATE ON app FOR EACH ROW EXECUTE FUNCTION app_registry_sync();
UPDATE app SET name_zh_cn = name_i18n ->> 'zh-CN', name_zh_tw = name_i18n ->> 'zh-TW', name_en = name_i18n ->> 'en',
  name_vi = name_i18n ->> 'vi', name_es = name_i18n ->> 'es', prefix_list = array_to_string(prefix_path, ',');

-- Tenant: audit columns and the counts the tenant screen shows, kept by triggers.
ALTER TABLE tenant
  ADD COLUMN created_by uuid,
  ADD COLUMN updated_by uuid,
  ADD COLUMN user_count integer NOT NULL DEFAULT 0,
  ADD COLUMN factory_count integer NOT NULL DEFAULT 0;

CREATE FUNCTION tenant_counts_sync() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  v_tenant uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END;
BEGIN
  IF TG_TABLE_NAME = 'app_user' THEN
    UPDATE tenant SET user_count = (SELECT count(*) FROM app_user WHERE tenant_id = v_tenant) WHERE id = v_tenant;
  ELSE
    UPDATE tenant SET factory_count = (SELECT count(*) FROM factory WHERE tenant_id = v_tenant) WHERE id = v_tenant;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_user_count AFTER INSERT OR DELETE ON app_user FOR EACH ROW EXECUTE FUNCTION tenant_counts_sync();
CREATE TRIGGER tenant_factory_count AFTER INSERT OR DELETE ON factory FOR EACH ROW EXECUTE FUNCTION tenant_counts_sync();
UPDATE tenant t SET user_count = (SELECT count(*) FROM app_user u WHERE u.tenant_id = t.id),
  factory_count = (SELECT count(*) FROM factory f WHERE f.tenant_id = t.id);

CREATE INDEX tenant_name_idx ON tenant (name);
CREATE INDEX tenant_status_idx ON tenant (status);

-- Log lists on the engine: the audit columns it reads.
ALTER TABLE login_log ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(), ADD COLUMN created_by uuid, ADD COLUMN updated_by uuid;
ALTER TABLE operation_log ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(), ADD COLUMN created_by uuid, ADD COLUMN updated_by uuid;

-- Interface log (SPEC §3): every /api call that failed with 5xx or took longer than the threshold.
CREATE TABLE interface_log (
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  method        text NOT NULL,
  path          text NOT NULL,
  status        integer NOT NULL,
  call_state    text NOT NULL CHECK (call_state IN ('slow', 'error')),
  duration_ms   integer NOT NULL,
  error_at      timestamptz,
  error_class   text,
  error_method  text,
  error_line    integer,
  message       text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  created_by    uuid,
  updated_by    uuid,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX interface_log_time_idx ON interface_log (tenant_id, created_at);
