-- Help documents per route and language, and SOP documents with a public link (issue 5 shows
-- them; issue 9 edits them). Content is sanitised HTML.
CREATE TABLE help_doc (
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  kind        text NOT NULL CHECK (kind IN ('help', 'sop')),
  -- The route a help document belongs to (without the language segment); null for SOPs.
  route_path  text,
  -- SOPs in several languages share one key; the public link names the key.
  doc_key     uuid NOT NULL DEFAULT gen_random_uuid(),
  language    text NOT NULL,
  title       text NOT NULL,
  content     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, kind, doc_key, language)
);
CREATE INDEX help_doc_route_idx ON help_doc (tenant_id, route_path, language);
CREATE INDEX help_doc_key_idx ON help_doc (doc_key, language);
