-- Search everywhere (issue 24) matches records by how their code or their name starts. Codes have
-- pattern-ordered indexes where tables grow large (material_code_prefix_idx); material names, the
-- one table sized for a million rows, get the same, so a name prefix is an index range scan that
-- stops at the answer's limit instead of a pass over the tenant's materials.
CREATE INDEX material_name_prefix_idx ON material (tenant_id, name varchar_pattern_ops);
