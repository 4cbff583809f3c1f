-- Users, roles and menus as engine resources (issue 4): audit columns, role state and data
-- permission, menu names per language, the operator tenant, and the data-permission functions.

-- The operator tenant's administrators are the only ones who edit the shared menu tree.
ALTER TABLE tenant ADD COLUMN IF NOT EXISTS operator boolean NOT NULL DEFAULT false;

-- The engine's audit columns on factory (P2 completes the factory resource).
ALTER TABLE factory ADD COLUMN IF NOT EXISTS created_by uuid, ADD COLUMN IF NOT EXISTS updated_by uuid;

ALTER TABLE app_user
  ADD COLUMN created_by uuid,
  ADD COLUMN updated_by uuid,
  ALTER COLUMN remark DROP NOT NULL,
  -- An imported user has no password until an administrator sets one: '!' is no valid hash.
  ALTER COLUMN password_hash SET DEFAULT '!';

ALTER TABLE role
  ADD COLUMN created_by uuid,
  ADD COLUMN updated_by uuid,
  ADD COLUMN status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  ADD COLUMN data_scope text NOT NULL DEFAULT 'all' CHECK (data_scope IN ('all', 'factory', 'dept', 'self')),
  ALTER COLUMN remark DROP NOT NULL;
UPDATE role SET status = CASE WHEN enabled THEN 'enabled' ELSE 'disabled' END;

-- `enabled` (read by the permission queries) follows `status` (written by the screens), and the
-- other way round for writers that only know `enabled`.
CREATE FUNCTION role_status_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT NEW.enabled THEN NEW.status := 'disabled'; END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    NULL;
  ELSIF NEW.enabled IS DISTINCT FROM OLD.enabled THEN
    NEW.status := CASE WHEN NEW.enabled THEN 'enabled' ELSE 'disabled' END;
  END IF;
  NEW.enabled := NEW.status = 'enabled';
  RETURN NEW;
END $$;
CREATE TRIGGER role_status_sync BEFORE INSERT OR UPDATE ON role FOR EACH ROW EXECUTE FUNCTION role_status_sync();

ALTER TABLE menu
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by uuid,
  ADD COLUMN updated_by uuid,
  ADD COLUMN name_zh_cn text,
  ADD COLUMN name_zh_tw text,
  ADD COLUMN name_en text,
  ADD COLUMN name_vi text,
  ADD COLUMN name_es text,
  ADD COLUMN shortcut boolean NOT NULL DEFAULT false,
  ADD COLUMN external_link boolean NOT NULL DEFAULT false,
  ADD COLUMN new_window boolean NOT NULL DEFAULT false,
  ADD COLUMN remark text,
  ALTER COLUMN product_type SET DEFAULT 'platform';

-- name_i18n (read by the menu calls) and the five name columns (written by the screen) agree.
CREATE FUNCTION menu_names_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NEW;
END $$;
CREATE TRIGGER menu_names_sync BEFORE INSERT OR UPDATE ON menu FOR EACH ROW EXECUTE FUNCTION menu_names_sync();
UPDATE menu SET name_zh_cn = name_i18n ->> 'zh-CN', name_zh_tw = name_i18n ->> 'zh-TW', name_en = name_i18n ->> 'en',
  name_vi = name_i18n ->> 'vi', name_es = name_i18n ->> 'es';

-- Data permission (SPEC §6): the widest scope of the user's enabled roles; administrators see all,
-- a user without roles only their own records.
CREATE FUNCTION access_data_scope(p_tenant uuid, p_user uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM app_user WHERE tenant_id = p_tenant AND id = p_user AND type = 'admin') THEN 'all'
    ELSE coalesce((
      SELECT r.data_scope FROM user_role ur JOIN role r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
      WHERE ur.tenant_id = p_tenant AND ur.user_id = p_user AND r.enabled
      ORDER BY array_position(ARRAY['all', 'factory', 'dept', 'self'], r.data_scope) LIMIT 1), 'self')
  END
$$;

CREATE FUNCTION access_sees_all(p_tenant uuid, p_user uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT access_data_scope(p_tenant, p_user) = 'all'
$$;

-- The creators whose rows the user sees: the users of the chosen factory (else of any of the user's
-- factories); the users of the user's department and the departments below (through the staff
-- record linked to each account, when the staff and department tables exist); or the user alone.
CREATE FUNCTION access_visible_users(p_tenant uuid, p_user uuid, p_factory uuid) RETURNS uuid[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_scope text := access_data_scope(p_tenant, p_user);
  v_users uuid[];
BEGIN
  IF v_scope = 'factory' THEN
    SELECT array_agg(DISTINCT uf.user_id) INTO v_users FROM user_factory uf
    WHERE uf.tenant_id = p_tenant AND (uf.factory_id = p_factory OR p_factory IS NULL AND uf.factory_id IN
      (SELECT factory_id FROM user_factory WHERE tenant_id = p_tenant AND user_id = p_user));
  ELSIF v_scope = 'dept' AND to_regclass('department') IS NOT NULL AND to_regclass('staff') IS NOT NULL
    AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'staff' AND column_name = 'user_id')
    AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'staff' AND column_name = 'department_id')
    AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'department' AND column_name = 'parent_id') THEN
    EXECUTE 'WITH RECURSIVE below(id) AS (
        SELECT s.department_id FROM staff s WHERE s.tenant_id = $1 AND s.user_id = $2 AND s.department_id IS NOT NULL
        UNION SELECT d.id FROM department d JOIN below b ON d.parent_id = b.id WHERE d.tenant_id = $1)
      SELECT array_agg(DISTINCT s.user_id) FROM staff s WHERE s.tenant_id = $1 AND s.user_id IS NOT NULL AND s.department_id IN (SELECT id FROM below)'
      INTO v_users USING p_tenant, p_user;
  END IF;
  RETURN array_append(coalesce(v_users, ARRAY[]::uuid[]), p_user);
END $$;

-- The lists of users, roles, menus and factories sort by their display field and filter by state.
CREATE INDEX app_user_nickname_idx ON app_user (tenant_id, nickname);
CREATE INDEX app_user_type_idx ON app_user (tenant_id, type);
CREATE INDEX app_user_status_idx ON app_user (tenant_id, status);
CREATE INDEX role_name_idx ON role (tenant_id, name);
CREATE INDEX role_status_idx ON role (tenant_id, status);
CREATE INDEX menu_name_zh_cn_idx ON menu (name_zh_cn);
CREATE INDEX menu_type_idx ON menu (type);
CREATE INDEX menu_product_type_idx ON menu (product_type);
CREATE INDEX menu_terminal_type_idx ON menu (terminal_type);
CREATE INDEX factory_name_idx ON factory (tenant_id, name);
CREATE INDEX factory_status_idx ON factory (tenant_id, status);
