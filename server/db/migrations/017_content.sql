-- Administration of content (issue 9): notices aimed at roles or users as well as factories, and
-- help courses (SPEC §7 `course/list`).
ALTER TABLE notice ADD COLUMN role_ids uuid[] NOT NULL DEFAULT '{}';
ALTER TABLE notice ADD COLUMN user_ids uuid[] NOT NULL DEFAULT '{}';

CREATE TABLE course (
  tenant_id   uuid NOT NULL REFERENCES tenant (id),
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  title       varchar(200) NOT NULL,
  description varchar(1000),
  -- A link to the course, or to an attached document served by the documents domain.
  url         varchar(1000) NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  created_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX course_sort_idx ON course (tenant_id, sort);
