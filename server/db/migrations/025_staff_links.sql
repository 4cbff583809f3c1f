-- Roles assigned to staff, and the organisations a staff member works for (SPEC §3, §6, §7).
-- A role given to a staff record holds for the account linked to it while the staff member is on the
-- job and not locked; every reader of a user's roles goes through role_member.

CREATE TABLE role_staff (
  tenant_id  uuid NOT NULL,
  role_id    uuid NOT NULL,
  staff_id   uuid NOT NULL,
  PRIMARY KEY (tenant_id, role_id, staff_id),
  FOREIGN KEY (tenant_id, role_id) REFERENCES role (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, staff_id) REFERENCES staff (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX role_staff_staff_idx ON role_staff (tenant_id, staff_id);

CREATE TABLE staff_organization (
  tenant_id        uuid NOT NULL,
  staff_id         uuid NOT NULL,
  organization_id  uuid NOT NULL,
  PRIMARY KEY (tenant_id, staff_id, organization_id),
  FOREIGN KEY (tenant_id, staff_id) REFERENCES staff (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, organization_id) REFERENCES organization (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX staff_organization_org_idx ON staff_organization (tenant_id, organization_id);

-- security_invoker: the tables' row-level security applies to whoever reads the view.
CREATE VIEW role_member WITH (security_invoker = true) AS
  SELECT tenant_id, user_id, role_id FROM user_role
  UNION
  SELECT rs.tenant_id, s.user_id, rs.role_id
  FROM role_staff rs
  JOIN staff s ON s.tenant_id = rs.tenant_id AND s.id = rs.staff_id
  WHERE s.user_id IS NOT NULL AND coalesce(s.on_job, 'onJob') = 'onJob' AND coalesce(s.use_state, 'normal') = 'normal';

-- plpgsql rather than sql: not inlined into every engine statement (the view's union would be
-- planned with each), its own statements planned once per connection.
CREATE OR REPLACE FUNCTION access_data_scope(p_tenant uuid, p_user uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM app_user WHERE tenant_id = p_tenant AND id = p_user AND type = 'admin') THEN
    RETURN 'all';
  END IF;
  RETURN coalesce((
    SELECT r.data_scope FROM role_member ur JOIN role r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
    WHERE ur.tenant_id = p_tenant AND ur.user_id = p_user AND r.enabled
    ORDER BY array_position(ARRAY['all', 'factory', 'dept', 'self'], r.data_scope) LIMIT 1), 'self');
END $$;
