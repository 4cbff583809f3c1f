/** SPEC §7 `organization/currentStaffOrgSelect`: the organisations the header's switcher offers. */
import { z } from 'zod';
import { OrgOption } from '../auth';
import { endpoint, json } from './endpoint';

export const organization = {
  mine: endpoint({
    method: 'GET',
    path: '/cloudbase-system/organization/currentStaffOrgSelect',
    operationId: 'listMyOrganizations',
    tag: 'organization',
    auth: 'bearer',
    permission: null,
    summary: "Organisations the current user may switch to: those of the user's staff records, else all of the tenant",
    answer: json(z.array(OrgOption)),
  }),
};
