-- Print templates and packaging rules (issue 6): the two definitions' tables
-- (model/resources/print-template.ts, packaging-rule.ts; tenant-scoped) with the list indexes the
-- engine needs (display name and the equality-searched enums, as in 014).

CREATE TABLE print_template (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id          uuid NOT NULL REFERENCES tenant (id),
  code               varchar(32) NOT NULL,
  name               varchar(64) NOT NULL,
  template_type      varchar(64) NOT NULL DEFAULT 'label',
  file_type          varchar(64) NOT NULL DEFAULT 'pdf',
  label_part_number  varchar(64),
  code_type          varchar(64) NOT NULL DEFAULT 'code128',
  colour             varchar(64) NOT NULL DEFAULT 'black',
  default_quantity   integer NOT NULL DEFAULT 1,
  page_width         numeric(18, 1) NOT NULL DEFAULT 60,
  page_height        numeric(18, 1) NOT NULL DEFAULT 40,
  default_content    varchar(2000),
  items              jsonb NOT NULL DEFAULT '[]',
  created_at         timestamptz NOT NULL DEFAULT now(),
  created_by         uuid,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  updated_by         uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX print_template_scope_idx ON print_template (tenant_id);
CREATE INDEX print_template_list_name_idx ON print_template (tenant_id, name);
CREATE INDEX print_template_list_template_type_idx ON print_template (tenant_id, template_type);

CREATE TABLE packaging_rule (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id           uuid NOT NULL REFERENCES tenant (id),
  code                varchar(32) NOT NULL,
  name                varchar(64) NOT NULL,
  type                varchar(64) NOT NULL,
  unit_id             uuid NOT NULL,
  target_quantity     integer NOT NULL,
  mixed_work_order    boolean NOT NULL DEFAULT false,
  mixed_material      boolean NOT NULL DEFAULT false,
  final_packaging     boolean NOT NULL DEFAULT false,
  warehousing_label   boolean NOT NULL DEFAULT false,
  upload_report       boolean NOT NULL DEFAULT false,
  print_template_id   uuid,
  packaging_type      varchar(64) NOT NULL DEFAULT 'carton',
  details             jsonb NOT NULL DEFAULT '[]',
  remark              varchar(255),
  created_at          timestamptz NOT NULL DEFAULT now(),
  created_by          uuid,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  updated_by          uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, unit_id) REFERENCES unit (tenant_id, id),
  FOREIGN KEY (tenant_id, print_template_id) REFERENCES print_template (tenant_id, id)
);
CREATE INDEX packaging_rule_scope_idx ON packaging_rule (tenant_id);
CREATE INDEX packaging_rule_list_name_idx ON packaging_rule (tenant_id, name);
CREATE INDEX packaging_rule_list_type_idx ON packaging_rule (tenant_id, type);
CREATE INDEX packaging_rule_list_packaging_type_idx ON packaging_rule (tenant_id, packaging_type);
CREATE INDEX packaging_rule_unit_idx ON packaging_rule (tenant_id, unit_id);
CREATE INDEX packaging_rule_print_template_idx ON packaging_rule (tenant_id, print_template_id);
