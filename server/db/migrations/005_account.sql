-- Account self-service of the shell (issue 5): SMS login codes and feedback with pictures.

-- One row per code sent. The code itself is never stored, only its hash; the row also counts the
-- sends that the per-number limits are checked against (SPEC §9, issue 5).
CREATE TABLE sms_code (
  tenant_id    uuid NOT NULL REFERENCES tenant (id),
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  mobile       text NOT NULL,
  purpose      text NOT NULL CHECK (purpose IN ('login')),
  code_hash    text NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  voided_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX sms_code_mobile_idx ON sms_code (tenant_id, mobile, created_at);

CREATE TABLE feedback (
  tenant_id       uuid NOT NULL REFERENCES tenant (id),
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL,
  factory_id      uuid,
  description     text NOT NULL,
  contact         text,
  status          text NOT NULL DEFAULT 'unprocessed' CHECK (status IN ('unprocessed', 'processed')),
  handle_opinion  text,
  handled_by      uuid,
  handled_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id)
);
CREATE INDEX feedback_user_idx ON feedback (tenant_id, user_id, created_at);

-- Pictures are kept in the database so that every server process serves the same files.
CREATE TABLE feedback_picture (
  tenant_id     uuid NOT NULL,
  id            uuid NOT NULL DEFAULT gen_random_uuid(),
  feedback_id   uuid NOT NULL,
  content_type  text NOT NULL,
  size          integer NOT NULL,
  content       bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, feedback_id) REFERENCES feedback (tenant_id, id) ON DELETE CASCADE
);
