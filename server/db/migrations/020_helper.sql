-- Helper screens (issue 12): per-tenant overrides of shipped translations, and menu applications
-- of the teams that own sub-apps.

CREATE TABLE translation_override (
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  language    varchar(8) NOT NULL,
  namespace   varchar(32) NOT NULL,
  key         varchar(200) NOT NULL,
  value       varchar(2000) NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  uuid,
  PRIMARY KEY (tenant_id, language, namespace, key)
);

CREATE TABLE menu_application (
  tenant_id      uuid NOT NULL REFERENCES tenant (id),
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  app_type       varchar(64) NOT NULL,
  title          varchar(200) NOT NULL,
  reason         varchar(1000) NOT NULL DEFAULT '',
  -- The entries applied for, as a tree: [{code, type, names, path, perms, children}].
  entries        jsonb NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  review_reason  varchar(1000),
  applicant_id   uuid NOT NULL,
  reviewer_id    uuid,
  created_at     timestamptz NOT NULL DEFAULT now(),
  reviewed_at    timestamptz,
  PRIMARY KEY (tenant_id, id)
);
