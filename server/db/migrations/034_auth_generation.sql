-- Servers keep sessions, factory access and permission codes in memory (issue 22) and check, once a
-- call, that nothing they depend on has changed since: every statement that could narrow what a
-- session may do counts `auth_state.generation` up, whatever made it (an API route, a script, an
-- operator's psql). The count is a row, not a sequence, so it moves when the change commits and a
-- server never pairs the new number with what it read before the change.
CREATE TABLE auth_state (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  generation bigint NOT NULL DEFAULT 0
);
INSERT INTO auth_state DEFAULT VALUES;

CREATE OR REPLACE FUNCTION auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_state SET generation = generation + 1;
  RETURN NULL;
END $$;

-- A session's own row: only the columns that end it (its last call is written once a minute).
CREATE TRIGGER session_token_auth_changed AFTER UPDATE OF revoked_at, expires_at, token_hash, user_id, tenant_id OR DELETE ON session_token
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
-- The columns a call's session, factory check or permissions read; a login's own writes (attempt
-- counters, last login) leave the count alone.
CREATE TRIGGER app_user_auth_changed AFTER UPDATE OF status, type, account, nickname, email, mobile, tenant_id OR DELETE ON app_user
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
CREATE TRIGGER tenant_auth_changed AFTER UPDATE OF status, expires_at, code, name OR DELETE ON tenant FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
CREATE TRIGGER factory_auth_changed AFTER UPDATE OF tenant_id OR DELETE ON factory FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
CREATE TRIGGER user_factory_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_factory FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
-- Any update of a role: its BEFORE trigger (015) turns a `status` written by the screens into `enabled`.
CREATE TRIGGER role_auth_changed AFTER UPDATE OR DELETE ON role FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
CREATE TRIGGER user_role_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_role FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
CREATE TRIGGER role_staff_auth_changed AFTER INSERT OR UPDATE OR DELETE ON role_staff FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
CREATE TRIGGER staff_auth_changed AFTER UPDATE OF user_id, on_job, use_state, tenant_id OR DELETE ON staff FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
CREATE TRIGGER role_menu_auth_changed AFTER INSERT OR UPDATE OR DELETE ON role_menu FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
CREATE TRIGGER menu_auth_changed AFTER INSERT OR UPDATE OR DELETE ON menu FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
