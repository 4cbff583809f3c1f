-- The product's menu entries each start once (SPEC §3 menus): an entry a new version adds reaches
-- existing databases at the next start, an entry an operator deleted is not brought back.
CREATE TABLE seeded_menu (
  code       text PRIMARY KEY,
  seeded_at  timestamptz NOT NULL DEFAULT now()
);
