-- Master data of the basic sub-app (issue 3), one table per resource definition of model/resources/.
-- The columns follow the definitions: `<table>.<column>` is the field's snake_case key (DESIGN §3).
-- Tenancy (DESIGN §4): every row carries tenant_id, factory-scoped rows also factory_id; codes are
-- unique within that scope. References carry the scope into their foreign keys, so a row can only
-- point at a row of its own tenant (and of its own factory, when both are factory-scoped); deleting a
-- referenced row is refused (no cascade). `refs` columns (arrays of ids) cannot have foreign keys:
-- the server checks them (a GIN index serves "is this row referenced" before a delete).

CREATE TABLE unit (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  type         varchar(64) NOT NULL,
  accuracy     integer NOT NULL DEFAULT 0,
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX unit_scope_idx ON unit (tenant_id);

CREATE TABLE device_class (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX device_class_scope_idx ON device_class (tenant_id);

CREATE TABLE device (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id           uuid NOT NULL REFERENCES tenant (id),
  factory_id          uuid NOT NULL,
  code                varchar(32) NOT NULL,
  name                varchar(64) NOT NULL,
  device_class_id     uuid,
  keeper              varchar(64),
  checker             varchar(64),
  mac_address         varchar(17),
  ip_address          varchar(15),
  manufacturer        varchar(128),
  model               varchar(64),
  manager             varchar(64),
  use                 varchar(128),
  document_authority  boolean NOT NULL DEFAULT false,
  equipment_authority boolean NOT NULL DEFAULT false,
  state               varchar(64) NOT NULL DEFAULT 'normal',
  created_at          timestamptz NOT NULL DEFAULT now(),
  created_by          uuid,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  updated_by          uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, device_class_id) REFERENCES device_class (tenant_id, id)
);
CREATE INDEX device_scope_idx ON device (tenant_id, factory_id);
CREATE INDEX device_device_class_id_idx ON device (device_class_id);

CREATE TABLE warehouse (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id         uuid NOT NULL REFERENCES tenant (id),
  factory_id        uuid NOT NULL,
  code              varchar(32) NOT NULL,
  name              varchar(64) NOT NULL,
  type              varchar(64) NOT NULL,
  erp_location_code varchar(32),
  usage             varchar(64),
  administrator     varchar(64),
  picking           boolean NOT NULL DEFAULT false,
  state             varchar(64) NOT NULL DEFAULT 'normal',
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code)
);
CREATE INDEX warehouse_scope_idx ON warehouse (tenant_id, factory_id);

CREATE TABLE warehouse_area (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id      uuid NOT NULL REFERENCES tenant (id),
  factory_id     uuid NOT NULL,
  code           varchar(32) NOT NULL,
  name           varchar(64) NOT NULL,
  warehouse_id   uuid NOT NULL,
  type           varchar(64) NOT NULL,
  inventory_area boolean NOT NULL DEFAULT true,
  agv            boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  created_by     uuid,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, factory_id, warehouse_id) REFERENCES warehouse (tenant_id, factory_id, id)
);
CREATE INDEX warehouse_area_scope_idx ON warehouse_area (tenant_id, factory_id);
CREATE INDEX warehouse_area_warehouse_id_idx ON warehouse_area (warehouse_id);

CREATE TABLE customer (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  code         varchar(32) NOT NULL,
  name         varchar(128) NOT NULL,
  short_name   varchar(64),
  category     varchar(64),
  contact      varchar(64),
  phone        varchar(20),
  fax          varchar(20),
  email        varchar(128),
  country      varchar(64),
  province     varchar(64),
  city         varchar(64),
  address      varchar(255),
  postcode     varchar(16),
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX customer_scope_idx ON customer (tenant_id);

CREATE TABLE supplier (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  code         varchar(32) NOT NULL,
  name         varchar(128) NOT NULL,
  short_name   varchar(64),
  category     varchar(64),
  contact      varchar(64),
  phone        varchar(20),
  fax          varchar(20),
  email        varchar(128),
  country      varchar(64),
  province     varchar(64),
  city         varchar(64),
  address      varchar(255),
  postcode     varchar(16),
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX supplier_scope_idx ON supplier (tenant_id);

CREATE TABLE packing_unit (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  level        varchar(64) NOT NULL,
  length       numeric(18, 1),
  width        numeric(18, 1),
  height       numeric(18, 1),
  max_weight   numeric(18, 3),
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX packing_unit_scope_idx ON packing_unit (tenant_id);

CREATE TABLE product_series (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  english_name varchar(128),
  customer_id  uuid,
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customer (tenant_id, id)
);
CREATE INDEX product_series_scope_idx ON product_series (tenant_id);
CREATE INDEX product_series_customer_id_idx ON product_series (customer_id);

CREATE TABLE sap_plant (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id      uuid NOT NULL REFERENCES tenant (id),
  code           varchar(4) NOT NULL,
  name           varchar(64) NOT NULL,
  company_code   varchar(4),
  purchasing_org varchar(4),
  sales_org      varchar(4),
  address        varchar(255),
  remark         varchar(255),
  created_at     timestamptz NOT NULL DEFAULT now(),
  created_by     uuid,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX sap_plant_scope_idx ON sap_plant (tenant_id);

CREATE TABLE workstation_type (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  category     varchar(64) NOT NULL,
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, code)
);
CREATE INDEX workstation_type_scope_idx ON workstation_type (tenant_id);

CREATE TABLE workshop (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  factory_id   uuid NOT NULL,
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  building     varchar(64),
  floor        varchar(16),
  manager      varchar(64),
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code)
);
CREATE INDEX workshop_scope_idx ON workshop (tenant_id, factory_id);

CREATE TABLE line (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  factory_id   uuid NOT NULL,
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  type         varchar(64) NOT NULL,
  workshop_id  uuid NOT NULL,
  manager      varchar(64),
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, factory_id, workshop_id) REFERENCES workshop (tenant_id, factory_id, id)
);
CREATE INDEX line_scope_idx ON line (tenant_id, factory_id);
CREATE INDEX line_workshop_id_idx ON line (workshop_id);

CREATE TABLE shift (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  factory_id   uuid NOT NULL,
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  type         varchar(64) NOT NULL,
  intervals    jsonb NOT NULL DEFAULT '[]',
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code)
);
CREATE INDEX shift_scope_idx ON shift (tenant_id, factory_id);

CREATE TABLE printer (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  factory_id   uuid NOT NULL,
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  type         varchar(64) NOT NULL,
  path         varchar(255) NOT NULL,
  charset      varchar(64) NOT NULL DEFAULT 'utf8',
  username     varchar(64),
  password     varchar(64),
  is_default   varchar(64) NOT NULL DEFAULT 'no',
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code)
);
CREATE INDEX printer_scope_idx ON printer (tenant_id, factory_id);

CREATE TABLE workstation (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id           uuid NOT NULL REFERENCES tenant (id),
  factory_id          uuid NOT NULL,
  code                varchar(32) NOT NULL,
  name                varchar(64) NOT NULL,
  workstation_type_id uuid NOT NULL,
  equipment_level     varchar(64) NOT NULL DEFAULT 'b',
  line_id             uuid NOT NULL,
  printer_ids         uuid[] NOT NULL DEFAULT '{}',
  remark              varchar(255),
  created_at          timestamptz NOT NULL DEFAULT now(),
  created_by          uuid,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  updated_by          uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, workstation_type_id) REFERENCES workstation_type (tenant_id, id),
  FOREIGN KEY (tenant_id, factory_id, line_id) REFERENCES line (tenant_id, factory_id, id)
);
CREATE INDEX workstation_scope_idx ON workstation (tenant_id, factory_id);
CREATE INDEX workstation_workstation_type_id_idx ON workstation (workstation_type_id);
CREATE INDEX workstation_line_id_idx ON workstation (line_id);
CREATE INDEX workstation_printer_ids_idx ON workstation USING gin (printer_ids);

CREATE TABLE process_station (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  factory_id   uuid NOT NULL,
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  line_id      uuid NOT NULL,
  sequence     integer,
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, factory_id, line_id) REFERENCES line (tenant_id, factory_id, id)
);
CREATE INDEX process_station_scope_idx ON process_station (tenant_id, factory_id);
CREATE INDEX process_station_line_id_idx ON process_station (line_id);

CREATE TABLE storage_location (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id         uuid NOT NULL REFERENCES tenant (id),
  factory_id        uuid NOT NULL,
  code              varchar(32) NOT NULL,
  name              varchar(64) NOT NULL,
  warehouse_id      uuid NOT NULL,
  warehouse_area_id uuid NOT NULL,
  storage_type      varchar(64) NOT NULL,
  location_type     varchar(64) NOT NULL,
  coordinate_x      numeric(18, 2),
  coordinate_y      numeric(18, 2),
  coordinate_z      numeric(18, 2),
  state             varchar(64) NOT NULL DEFAULT 'available',
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, factory_id, warehouse_id) REFERENCES warehouse (tenant_id, factory_id, id),
  FOREIGN KEY (tenant_id, factory_id, warehouse_area_id) REFERENCES warehouse_area (tenant_id, factory_id, id)
);
CREATE INDEX storage_location_scope_idx ON storage_location (tenant_id, factory_id);
CREATE INDEX storage_location_warehouse_id_idx ON storage_location (warehouse_id);
CREATE INDEX storage_location_warehouse_area_id_idx ON storage_location (warehouse_area_id);

CREATE TABLE shelf (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id         uuid NOT NULL REFERENCES tenant (id),
  factory_id        uuid NOT NULL,
  code              varchar(32) NOT NULL,
  name              varchar(64) NOT NULL,
  type              varchar(64) NOT NULL,
  agv_class         varchar(64) NOT NULL DEFAULT 'none',
  warehouse_area_id uuid,
  layers            integer,
  remark            varchar(255),
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, factory_id, warehouse_area_id) REFERENCES warehouse_area (tenant_id, factory_id, id)
);
CREATE INDEX shelf_scope_idx ON shelf (tenant_id, factory_id);
CREATE INDEX shelf_warehouse_area_id_idx ON shelf (warehouse_area_id);

CREATE TABLE transport_shelf (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  factory_id   uuid NOT NULL,
  code         varchar(32) NOT NULL,
  name         varchar(64) NOT NULL,
  type         varchar(64) NOT NULL,
  agv_class    varchar(64) NOT NULL DEFAULT 'jacking',
  max_load     numeric(18, 1),
  remark       varchar(255),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code)
);
CREATE INDEX transport_shelf_scope_idx ON transport_shelf (tenant_id, factory_id);

CREATE TABLE landmark (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id         uuid NOT NULL REFERENCES tenant (id),
  factory_id        uuid NOT NULL,
  code              varchar(32) NOT NULL,
  name              varchar(64) NOT NULL,
  type              varchar(64) NOT NULL,
  coordinate_x      numeric(18, 2) NOT NULL,
  coordinate_y      numeric(18, 2) NOT NULL,
  warehouse_area_id uuid,
  remark            varchar(255),
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, factory_id, warehouse_area_id) REFERENCES warehouse_area (tenant_id, factory_id, id)
);
CREATE INDEX landmark_scope_idx ON landmark (tenant_id, factory_id);
CREATE INDEX landmark_warehouse_area_id_idx ON landmark (warehouse_area_id);

CREATE TABLE agv_tag (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id        uuid NOT NULL REFERENCES tenant (id),
  factory_id       uuid NOT NULL,
  code             varchar(32) NOT NULL,
  name             varchar(64) NOT NULL,
  area_type        varchar(64) NOT NULL,
  preparation_type varchar(64),
  landmark_id      uuid,
  remark           varchar(255),
  created_at       timestamptz NOT NULL DEFAULT now(),
  created_by       uuid,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  updated_by       uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, id),
  UNIQUE (tenant_id, factory_id, code),
  FOREIGN KEY (tenant_id, factory_id, landmark_id) REFERENCES landmark (tenant_id, factory_id, id)
);
CREATE INDEX agv_tag_scope_idx ON agv_tag (tenant_id, factory_id);
CREATE INDEX agv_tag_landmark_id_idx ON agv_tag (landmark_id);

