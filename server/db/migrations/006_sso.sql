-- Single sign-on (issue 5; SECURITY-TESTS T5): OpenID Connect authorization code flow with PKCE.

-- One row per started login: its state (hashed), the browser that started it (hashed cookie),
-- the PKCE verifier and the nonce. Single use; a callback without its row or cookie is refused.
CREATE TABLE sso_login (
  state_hash    text PRIMARY KEY,
  browser_hash  text NOT NULL,
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  verifier      text NOT NULL,
  nonce         text NOT NULL,
  language      text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  used_at       timestamptz
);

-- The portal user an external identity (issuer, subject) is linked to, per tenant.
CREATE TABLE user_identity (
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL,
  issuer      text NOT NULL,
  subject     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, issuer, subject),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);

-- A short-lived, single-use code the shell trades for its session token, so that the token never
-- travels in a URL.
CREATE TABLE sso_exchange (
  code_hash   text PRIMARY KEY,
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  user_id     uuid NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
