-- Login tries (issue 5: rate-limited per account and per IP, each try in the login log;
-- SECURITY-TESTS T3.3 and T2.8). Limits are counted in the database, so they hold across processes.

-- Every try, before the tenant is known: what the limits count. Shared (no tenant yet); rows older
-- than a day are deleted as new ones arrive.
CREATE TABLE login_attempt (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_code  text NOT NULL,
  account      text NOT NULL,
  ip           text NOT NULL,
  success      boolean NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempt_account_idx ON login_attempt (tenant_code, account, created_at);
CREATE INDEX login_attempt_ip_idx ON login_attempt (ip, created_at);

-- The login log of a tenant (SPEC §3: time, IP; platform management lists it).
CREATE TABLE login_log (
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id     uuid,
  account     text NOT NULL,
  method      text NOT NULL CHECK (method IN ('password', 'sms', 'sso', 'logout')),
  result      text NOT NULL CHECK (result IN ('success', 'failure', 'locked')),
  reason      text,
  ip          text,
  user_agent  text,
  client_id   text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX login_log_time_idx ON login_log (tenant_id, created_at);
