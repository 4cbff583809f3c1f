-- API keys for machines (issue 26): the ERP, label-printer middleware and PLC gateways call the API
-- with `Authorization: Bearer mes_…`. Only the sha256 of the secret is kept; the key acts for its
-- creator, limited to its own permission codes and factories (never more than the creator holds at
-- the time of the call), from its listed client addresses, until it expires or is revoked.
CREATE TABLE api_key (
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  name          text NOT NULL,
  -- The first characters of the secret (`mes_` and four more), to tell keys apart in the list.
  prefix        text NOT NULL,
  secret_hash   text NOT NULL UNIQUE,
  permissions   text[] NOT NULL DEFAULT '{}',
  factory_ids   uuid[] NOT NULL DEFAULT '{}',
  -- Client addresses or CIDR ranges the key may call from; empty: any address.
  allowed_ips   text[] NOT NULL DEFAULT '{}',
  -- Calls a minute the key may make (per server process).
  rate_limit    integer NOT NULL DEFAULT 600 CHECK (rate_limit BETWEEN 1 AND 100000),
  expires_at    timestamptz NOT NULL,
  created_by    uuid NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  revoked_by    uuid,
  last_used_at  timestamptz,
  last_used_ip  text,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name),
  FOREIGN KEY (tenant_id, created_by) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);

-- Calls made with a key are logged under its name (the user columns hold its creator).
ALTER TABLE operation_log ADD COLUMN api_key_name text;
ALTER TABLE interface_log ADD COLUMN api_key_name text;
