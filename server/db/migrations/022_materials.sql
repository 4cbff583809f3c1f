-- Materials and their classification (issue 7), tables of the definitions in model/resources/
-- (material-class.ts, material.ts) after the conventions of migration 011.

CREATE TABLE material_class (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id       uuid NOT NULL REFERENCES tenant (id),
  code            varchar(32) NOT NULL,
  name            varchar(64) NOT NULL,
  parent_id       uuid,
  level           integer NOT NULL DEFAULT 1,
  description     varchar(255),
  description_en  varchar(255),
  attribute_rule  varchar(128),
  need_return     boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      uuid,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  updated_by      uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, parent_id) REFERENCES material_class (tenant_id, id)
);
CREATE INDEX material_class_scope_idx ON material_class (tenant_id);
CREATE INDEX material_class_parent_id_idx ON material_class (parent_id);

CREATE TABLE material (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id               uuid NOT NULL REFERENCES tenant (id),
  code                    varchar(40) NOT NULL,
  name                    varchar(128) NOT NULL,
  type                    varchar(64) NOT NULL,
  version                 varchar(16),
  class_id                uuid,
  basic_unit_id           uuid NOT NULL,
  specification           varchar(128),
  description             varchar(255),
  description_en          varchar(255),
  customer_material_code  varchar(64),
  customer_material_name  varchar(128),
  texture                 varchar(64),
  manufacturer            varchar(128),
  upc_code                varchar(14),
  pack_unit_id            uuid,
  min_pack_quantity       numeric(18, 4),
  volume                  numeric(18, 4),
  net_weight              numeric(18, 4),
  gross_weight            numeric(18, 4),
  weight_unit             varchar(64) DEFAULT 'kg',
  length                  numeric(18, 2),
  width                   numeric(18, 2),
  height                  numeric(18, 2),
  dimension_unit          varchar(64) DEFAULT 'mm',
  price                   numeric(18, 4),
  price_unit              varchar(64) DEFAULT 'CNY',
  control_mode            varchar(64) DEFAULT 'none',
  abc_category            varchar(64),
  validity_control        boolean NOT NULL DEFAULT false,
  validity_days           integer,
  msd_level               varchar(64),
  sip                     varchar(64),
  fifo_control            boolean NOT NULL DEFAULT false,
  sap_plant_id            uuid,
  production_date_format  varchar(32),
  created_at              timestamptz NOT NULL DEFAULT now(),
  created_by              uuid,
  updated_at              timestamptz NOT NULL DEFAULT now(),
  updated_by              uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, class_id) REFERENCES material_class (tenant_id, id),
  FOREIGN KEY (tenant_id, basic_unit_id) REFERENCES unit (tenant_id, id),
  FOREIGN KEY (tenant_id, pack_unit_id) REFERENCES packing_unit (tenant_id, id),
  FOREIGN KEY (tenant_id, sap_plant_id) REFERENCES sap_plant (tenant_id, id)
);
CREATE INDEX material_scope_idx ON material (tenant_id);
CREATE INDEX material_class_id_idx ON material (class_id);
CREATE INDEX material_basic_unit_id_idx ON material (basic_unit_id);
-- Code searches match how a code starts (pattern ranges): this index serves them on a million rows.
CREATE INDEX material_code_prefix_idx ON material (tenant_id, code varchar_pattern_ops);
CREATE INDEX material_list_name_idx ON material (tenant_id, name);
CREATE INDEX material_list_type_idx ON material (tenant_id, type);
CREATE INDEX material_list_class_id_idx ON material (tenant_id, class_id);
CREATE INDEX material_class_list_name_idx ON material_class (tenant_id, name);
CREATE INDEX material_class_list_parent_id_idx ON material_class (tenant_id, parent_id);
