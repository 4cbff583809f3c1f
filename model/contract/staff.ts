/** SPEC §7 staff calls: the current user's staff record and personal-centre fields; an account for a staff record. */
import { z } from 'zod';
import { StaffAccountResult, StaffDetail, personalCenterInput, staffAccountInput } from '../staff';
import { IdParams, Nothing, Uuid } from './common';
import { endpoint, json } from './endpoint';

const tag = 'staff';
const BASE = '/cloudbase-system/staff';

export const staff = {
  detail: endpoint({
    method: 'GET',
    path: `${BASE}/detail/by/factory/id`,
    operationId: 'getMyStaffDetail',
    tag,
    auth: 'bearer',
    permission: null,
    summary: "The current user's staff record in a factory (default the request's factory)",
    description: 'No record, no factory, or a factory the user may not enter: 404.',
    query: z.object({ factoryId: Uuid.optional() }),
    labels: { factoryId: 'common.factoryId' },
    answer: json(StaffDetail),
  }),
  updatePersonal: endpoint({
    method: 'POST',
    path: `${BASE}/personal/center/update`,
    operationId: 'updateMyStaffProfile',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'The current user updates the personal-centre fields of their own staff record',
    description: 'All three fields, each may be null (cleared). 404 when the user has no staff record.',
    body: personalCenterInput,
    labels: { englishName: 'staff.englishName', sex: 'staff.sex', extensionNumber: 'staff.extensionNumber' },
    answer: json(Nothing),
  }),
  createAccount: endpoint({
    method: 'POST',
    path: `${BASE}/:id/account`,
    operationId: 'createStaffAccount',
    tag,
    auth: 'bearer',
    permission: 'platform:staff:edit',
    summary:
      'Makes a general staff account for a staff record without one, linked to it; answers a temporary password once',
    description: 'Also needs `platform:user:add`. 409 when the record already has an account or the account is taken.',
    params: IdParams,
    body: staffAccountInput,
    labels: { account: 'user.account', roles: 'user.roles' },
    answer: json(StaffAccountResult),
    errors: [409],
  }),
};
