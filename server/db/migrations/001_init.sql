-- Initial schema. Tenancy (DESIGN §4): every tenant-owned table carries tenant_id, its primary key
-- is (tenant_id, id), its unique keys include tenant_id and its foreign keys start with tenant_id,
-- so the schema can be distributed by tenant and protected by row-level security later.
-- Shared tables (menu, app, captcha) have no tenant_id.

CREATE TABLE tenant (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code        text NOT NULL UNIQUE,
  name        text NOT NULL,
  domain      text,
  expires_at  timestamptz,
  status      text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  languages   text NOT NULL DEFAULT 'zh-CN,zh-TW,en,vi,es',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE factory (
  tenant_id       uuid NOT NULL REFERENCES tenant (id),
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  code            text NOT NULL,
  name            text NOT NULL,
  contact_person  text,
  contact_way     text,
  sort            integer NOT NULL DEFAULT 0,
  status          text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'disabled')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code)
);

CREATE TABLE organization (
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  code        text NOT NULL,
  name        text NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code)
);

CREATE TABLE app_user (
  tenant_id      uuid NOT NULL REFERENCES tenant (id),
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  account        text NOT NULL,
  nickname       text NOT NULL DEFAULT '',
  email          text,
  mobile         text,
  password_hash  text NOT NULL,
  type           text NOT NULL DEFAULT 'staff' CHECK (type IN ('admin', 'staff')),
  status         text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  remark         text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, account)
);

CREATE TABLE user_factory (
  tenant_id   uuid NOT NULL,
  user_id     uuid NOT NULL,
  factory_id  uuid NOT NULL,
  PRIMARY KEY (tenant_id, user_id, factory_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id)
);

CREATE TABLE role (
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  code        text NOT NULL,
  name        text NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  enabled     boolean NOT NULL DEFAULT true,
  remark      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code)
);

CREATE TABLE user_role (
  tenant_id  uuid NOT NULL,
  user_id    uuid NOT NULL,
  role_id    uuid NOT NULL,
  PRIMARY KEY (tenant_id, user_id, role_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, role_id) REFERENCES role (tenant_id, id) ON DELETE CASCADE
);

-- Shared: the menu tree of the product (catalogues, menus, buttons, tabs).
CREATE TABLE menu (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  parent_id      uuid REFERENCES menu (id),
  code           text NOT NULL UNIQUE,
  type           text NOT NULL CHECK (type IN ('catalogue', 'menu', 'button', 'tab')),
  name_i18n      jsonb NOT NULL,
  path           text,
  perms          text,
  icon           text,
  sort           integer NOT NULL DEFAULT 0,
  product_type   text NOT NULL,
  terminal_type  text NOT NULL DEFAULT 'web' CHECK (terminal_type IN ('web', 'app')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX menu_parent_idx ON menu (parent_id);

CREATE TABLE role_menu (
  tenant_id  uuid NOT NULL,
  role_id    uuid NOT NULL,
  menu_id    uuid NOT NULL REFERENCES menu (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, role_id, menu_id),
  FOREIGN KEY (tenant_id, role_id) REFERENCES role (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE session_token (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  token_hash  text NOT NULL UNIQUE,
  user_id     uuid NOT NULL,
  client_id   text,
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);

-- Shared: captchas are issued before the tenant is known.
CREATE TABLE captcha (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  answer_hash  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX captcha_expires_idx ON captcha (expires_at);

CREATE TABLE dict (
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  type        text NOT NULL,
  remark      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, type)
);

CREATE TABLE dict_item (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  dict_id     uuid NOT NULL,
  label       text NOT NULL,
  value       text NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, dict_id, value),
  FOREIGN KEY (tenant_id, dict_id) REFERENCES dict (tenant_id, id)
);

CREATE TABLE menu_access_record (
  tenant_id    uuid NOT NULL,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL,
  factory_id   uuid NOT NULL,
  function_id  uuid NOT NULL REFERENCES menu (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id)
);
CREATE INDEX menu_access_record_user_idx ON menu_access_record (tenant_id, user_id, created_at);

-- Shared: the sub-application registry (SPEC §2, §3 application descriptor).
CREATE TABLE app (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  app_type        text NOT NULL UNIQUE,
  app_name        text NOT NULL,
  name_i18n       jsonb NOT NULL,
  full_name_i18n  jsonb NOT NULL,
  url             text,
  port_offset     integer,
  prefix_path     text[] NOT NULL DEFAULT '{}',
  fullscreen      boolean NOT NULL DEFAULT false,
  status          text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  is_default      boolean NOT NULL DEFAULT false,
  sort            integer NOT NULL DEFAULT 0
);
