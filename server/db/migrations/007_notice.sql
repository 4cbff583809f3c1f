-- Notices (issue 5 shows them; issue 9 administers them): what a tenant's users are told, and who
-- has handled which notice, which feeds the shell's counters (SPEC §3: handledNum, unHandleNum, totalNum).

CREATE TABLE notice (
  tenant_id     uuid NOT NULL REFERENCES tenant (id),
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  title         text NOT NULL,
  -- Sanitised HTML: only the tags and attributes the server's sanitiser lets through are stored.
  content       text NOT NULL DEFAULT '',
  level         text NOT NULL DEFAULT 'info' CHECK (level IN ('info', 'warning', 'urgent')),
  -- Empty means every factory of the tenant.
  factory_ids   uuid[] NOT NULL DEFAULT '{}',
  publish_at    timestamptz NOT NULL DEFAULT now(),
  expire_at     timestamptz,
  created_by    uuid,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX notice_publish_idx ON notice (tenant_id, publish_at);

CREATE TABLE notice_receipt (
  tenant_id   uuid NOT NULL,
  notice_id   uuid NOT NULL,
  user_id     uuid NOT NULL,
  handled_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, notice_id, user_id),
  FOREIGN KEY (tenant_id, notice_id) REFERENCES notice (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);
