-- The workbench's favourite screens (issue 24): starred per user and factory, in the order starred.
-- A screen removed from the menu, a user or a factory removed take their favourites with them.
CREATE TABLE menu_favourite (
  tenant_id    uuid NOT NULL,
  user_id      uuid NOT NULL,
  factory_id   uuid NOT NULL,
  function_id  uuid NOT NULL REFERENCES menu (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (tenant_id, user_id, factory_id, function_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id) ON DELETE CASCADE
);
