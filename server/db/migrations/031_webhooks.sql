-- Outbound webhooks (issue 26): a tenant's endpoints and the queue of their deliveries.

-- An endpoint: where events of the chosen kinds are POSTed. `secret` signs each delivery
-- (HMAC-SHA256); the server reads it to sign, no list or get answer ever carries it.
CREATE TABLE webhook_endpoint (
  tenant_id   uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  url         text NOT NULL,
  events      text[] NOT NULL,
  -- The engine's entities (definition names) whose writes `record.changed` reports.
  resources   text[] NOT NULL DEFAULT '{}',
  enabled     boolean NOT NULL DEFAULT true,
  secret      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  created_by  uuid,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  uuid,
  PRIMARY KEY (tenant_id, id)
);

-- One event for one endpoint. Rows are written in the transaction of the change they report and
-- taken by any server's dispatcher with FOR UPDATE SKIP LOCKED; `next_attempt_at` doubles as the
-- lease of the dispatcher sending it, so a crash mid-send only delays the next attempt.
CREATE TABLE webhook_delivery (
  tenant_id        uuid NOT NULL,
  id               uuid NOT NULL DEFAULT gen_random_uuid(),
  endpoint_id      uuid NOT NULL,
  event            text NOT NULL,
  data             jsonb NOT NULL,
  occurred_at      timestamptz NOT NULL DEFAULT now(),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  give_up_at       timestamptz NOT NULL DEFAULT now() + interval '24 hours',
  last_attempt_at  timestamptz,
  last_status      integer,
  last_error       text,
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, endpoint_id) REFERENCES webhook_endpoint (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_delivery_due_idx ON webhook_delivery (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (tenant_id, endpoint_id, created_at DESC);
