-- Bills of materials (issue 7): one row per line "each unit of the parent takes `dosage` of the
-- component". Not a resource-engine table: its business key is (parent, line number), which the
-- engine's single code field cannot express (see server/bom/). Both ends carry the tenant into their
-- foreign keys, so a line can only join materials of its own tenant; a material used in a BOM cannot
-- be deleted (no cascade). Cycles through several lines are refused by the server (under a lock).

CREATE TABLE bom_line (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id              uuid NOT NULL REFERENCES tenant (id),
  parent_material_id     uuid NOT NULL,
  component_material_id  uuid NOT NULL,
  line_no                integer NOT NULL CHECK (line_no > 0),
  dosage                 numeric(18, 6) NOT NULL CHECK (dosage > 0),
  dosage_unit_id         uuid,
  loss_rate              numeric(7, 4) NOT NULL DEFAULT 0 CHECK (loss_rate >= 0 AND loss_rate <= 100),
  priority               integer,
  ecn_number             varchar(64),
  created_at             timestamptz NOT NULL DEFAULT now(),
  created_by             uuid,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  updated_by             uuid,
  UNIQUE (tenant_id, id),
  UNIQUE (tenant_id, parent_material_id, line_no),
  UNIQUE (tenant_id, parent_material_id, component_material_id),
  CHECK (parent_material_id <> component_material_id),
  FOREIGN KEY (tenant_id, parent_material_id) REFERENCES material (tenant_id, id),
  FOREIGN KEY (tenant_id, component_material_id) REFERENCES material (tenant_id, id),
  FOREIGN KEY (tenant_id, dosage_unit_id) REFERENCES unit (tenant_id, id)
);
CREATE INDEX bom_line_scope_idx ON bom_line (tenant_id);
-- Where-used walks upwards from a component.
CREATE INDEX bom_line_component_idx ON bom_line (tenant_id, component_material_id);
CREATE INDEX bom_line_dosage_unit_idx ON bom_line (dosage_unit_id);
