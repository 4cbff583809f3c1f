-- Indexes the resource engine's lists need (issue 3): within the scope (tenant, or tenant and
-- factory), the display field (sorted and searched by name) and every search field compared by
-- equality (enum, dict, bool, ref). Contains-searches (ILIKE '%…%') use no b-tree. The default sort,
-- by code, uses the unique key. tests/server/resources.test.ts fails for a definition without them.
-- Statistics on the scope columns (a factory belongs to one tenant) keep the planner's estimates of
-- large totals (over 10,000 rows, server/resources/store.ts) from being divided by the tenant count.

CREATE INDEX unit_list_name_idx ON unit (tenant_id, name);
CREATE INDEX unit_list_type_idx ON unit (tenant_id, type);
CREATE INDEX packing_unit_list_name_idx ON packing_unit (tenant_id, name);
CREATE INDEX packing_unit_list_level_idx ON packing_unit (tenant_id, level);
CREATE INDEX product_series_list_name_idx ON product_series (tenant_id, name);
CREATE INDEX product_series_list_customer_id_idx ON product_series (tenant_id, customer_id);
CREATE INDEX customer_list_name_idx ON customer (tenant_id, name);
CREATE INDEX customer_list_category_idx ON customer (tenant_id, category);
CREATE INDEX supplier_list_name_idx ON supplier (tenant_id, name);
CREATE INDEX supplier_list_category_idx ON supplier (tenant_id, category);
CREATE INDEX sap_plant_list_name_idx ON sap_plant (tenant_id, name);
CREATE INDEX workshop_list_name_idx ON workshop (tenant_id, factory_id, name);
CREATE INDEX line_list_name_idx ON line (tenant_id, factory_id, name);
CREATE INDEX line_list_type_idx ON line (tenant_id, factory_id, type);
CREATE INDEX line_list_workshop_id_idx ON line (tenant_id, factory_id, workshop_id);
CREATE INDEX shift_list_name_idx ON shift (tenant_id, factory_id, name);
CREATE INDEX shift_list_type_idx ON shift (tenant_id, factory_id, type);
CREATE INDEX workstation_type_list_name_idx ON workstation_type (tenant_id, name);
CREATE INDEX workstation_type_list_category_idx ON workstation_type (tenant_id, category);
CREATE INDEX workstation_list_name_idx ON workstation (tenant_id, factory_id, name);
CREATE INDEX workstation_list_workstation_type_id_idx ON workstation (tenant_id, factory_id, workstation_type_id);
CREATE INDEX workstation_list_line_id_idx ON workstation (tenant_id, factory_id, line_id);
CREATE INDEX process_station_list_name_idx ON process_station (tenant_id, factory_id, name);
CREATE INDEX process_station_list_line_id_idx ON process_station (tenant_id, factory_id, line_id);
CREATE INDEX device_class_list_name_idx ON device_class (tenant_id, name);
CREATE INDEX device_list_name_idx ON device (tenant_id, factory_id, name);
CREATE INDEX device_list_device_class_id_idx ON device (tenant_id, factory_id, device_class_id);
CREATE INDEX device_list_state_idx ON device (tenant_id, factory_id, state);
CREATE INDEX printer_list_name_idx ON printer (tenant_id, factory_id, name);
CREATE INDEX printer_list_type_idx ON printer (tenant_id, factory_id, type);
CREATE INDEX warehouse_list_name_idx ON warehouse (tenant_id, factory_id, name);
CREATE INDEX warehouse_list_type_idx ON warehouse (tenant_id, factory_id, type);
CREATE INDEX warehouse_list_state_idx ON warehouse (tenant_id, factory_id, state);
CREATE INDEX warehouse_area_list_name_idx ON warehouse_area (tenant_id, factory_id, name);
CREATE INDEX warehouse_area_list_warehouse_id_idx ON warehouse_area (tenant_id, factory_id, warehouse_id);
CREATE INDEX storage_location_list_name_idx ON storage_location (tenant_id, factory_id, name);
CREATE INDEX storage_location_list_warehouse_id_idx ON storage_location (tenant_id, factory_id, warehouse_id);
CREATE INDEX storage_location_list_warehouse_area_id_idx ON storage_location (tenant_id, factory_id, warehouse_area_id);
CREATE INDEX storage_location_list_state_idx ON storage_location (tenant_id, factory_id, state);
CREATE INDEX shelf_list_name_idx ON shelf (tenant_id, factory_id, name);
CREATE INDEX shelf_list_type_idx ON shelf (tenant_id, factory_id, type);
CREATE INDEX shelf_list_warehouse_area_id_idx ON shelf (tenant_id, factory_id, warehouse_area_id);
CREATE INDEX transport_shelf_list_name_idx ON transport_shelf (tenant_id, factory_id, name);
CREATE INDEX transport_shelf_list_type_idx ON transport_shelf (tenant_id, factory_id, type);
CREATE INDEX agv_tag_list_name_idx ON agv_tag (tenant_id, factory_id, name);
CREATE INDEX agv_tag_list_area_type_idx ON agv_tag (tenant_id, factory_id, area_type);
CREATE INDEX landmark_list_name_idx ON landmark (tenant_id, factory_id, name);
CREATE INDEX landmark_list_type_idx ON landmark (tenant_id, factory_id, type);

CREATE STATISTICS workshop_scope_stats (dependencies) ON tenant_id, factory_id FROM workshop;
CREATE STATISTICS line_scope_stats (dependencies) ON tenant_id, factory_id FROM line;
CREATE STATISTICS shift_scope_stats (dependencies) ON tenant_id, factory_id FROM shift;
CREATE STATISTICS workstation_scope_stats (dependencies) ON tenant_id, factory_id FROM workstation;
CREATE STATISTICS process_station_scope_stats (dependencies) ON tenant_id, factory_id FROM process_station;
CREATE STATISTICS device_scope_stats (dependencies) ON tenant_id, factory_id FROM device;
CREATE STATISTICS printer_scope_stats (dependencies) ON tenant_id, factory_id FROM printer;
CREATE STATISTICS warehouse_scope_stats (dependencies) ON tenant_id, factory_id FROM warehouse;
CREATE STATISTICS warehouse_area_scope_stats (dependencies) ON tenant_id, factory_id FROM warehouse_area;
CREATE STATISTICS storage_location_scope_stats (dependencies) ON tenant_id, factory_id FROM storage_location;
CREATE STATISTICS shelf_scope_stats (dependencies) ON tenant_id, factory_id FROM shelf;
CREATE STATISTICS transport_shelf_scope_stats (dependencies) ON tenant_id, factory_id FROM transport_shelf;
CREATE STATISTICS agv_tag_scope_stats (dependencies) ON tenant_id, factory_id FROM agv_tag;
CREATE STATISTICS landmark_scope_stats (dependencies) ON tenant_id, factory_id FROM landmark;
