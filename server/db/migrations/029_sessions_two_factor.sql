-- Online sessions, two-factor login and password policy (issue 26).

-- What the online-session screen shows of each token: how it was obtained, the browser, the factory
-- of its latest call and when that call came.
ALTER TABLE session_token
  ADD COLUMN method text NOT NULL DEFAULT 'password' CHECK (method IN ('password', 'sms', 'sso')),
  ADD COLUMN user_agent text,
  ADD COLUMN factory_id uuid,
  ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN ended_by uuid;
CREATE INDEX session_token_live_idx ON session_token (tenant_id, user_id) WHERE revoked_at IS NULL;

-- A user's TOTP authenticator (RFC 6238). `last_step` is the time step of the newest accepted code:
-- a code is taken once.
CREATE TABLE user_totp (
  tenant_id    uuid NOT NULL,
  user_id      uuid NOT NULL,
  secret       text NOT NULL,
  enabled_at   timestamptz,
  last_step    bigint NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);

-- One-time recovery codes, stored as hashes.
CREATE TABLE user_recovery_code (
  tenant_id  uuid NOT NULL,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL,
  code_hash  text NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, user_id, code_hash),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);

-- The step between a right first factor and a session: a short-lived ticket that asks for a code
-- (`totp`) or leads through enrolment (`enrol`, holding the secret being enrolled).
CREATE TABLE login_challenge (
  tenant_id    uuid NOT NULL,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  ticket_hash  text NOT NULL UNIQUE,
  user_id      uuid NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('totp', 'enrol', 'password')),
  method       text NOT NULL CHECK (method IN ('password', 'sms')),
  secret       text,
  wrong        integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);

-- A tenant's security policy. Without a row: two-factor optional, passwords by SPEC §5 alone.
CREATE TABLE tenant_security_policy (
  tenant_id         uuid NOT NULL PRIMARY KEY REFERENCES tenant (id) ON DELETE CASCADE,
  two_factor        text NOT NULL DEFAULT 'optional' CHECK (two_factor IN ('off', 'optional', 'admins', 'everyone')),
  password_classes  text[] NOT NULL DEFAULT '{}',
  password_max_age_days integer NOT NULL DEFAULT 0 CHECK (password_max_age_days BETWEEN 0 AND 3650),
  password_history  integer NOT NULL DEFAULT 0 CHECK (password_history BETWEEN 0 AND 24),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid
);

-- When each password was set (expiry), and the hashes of earlier ones (no reuse of the last N).
ALTER TABLE app_user ADD COLUMN password_changed_at timestamptz NOT NULL DEFAULT now();
CREATE TABLE password_history (
  tenant_id      uuid NOT NULL,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL,
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX password_history_user_idx ON password_history (tenant_id, user_id, created_at DESC);
