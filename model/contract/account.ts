/** The signed-in user's own account (issue 5): change the password, edit the profile. */
import { ACCOUNT_FIELD_LABELS as labels, changePasswordInput, updateProfileInput } from '../account';
import { CurrentUser } from '../auth';
import { Nothing } from './common';
import { endpoint, json } from './endpoint';

const tag = 'account';

export const account = {
  changePassword: endpoint({
    method: 'POST',
    path: '/platform-system/user/update/password',
    operationId: 'changeOwnPassword',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Change the own password (SPEC §5); every other session of the user ends',
    description: 'A wrong old password answers 400 naming `oldPassword`.',
    body: changePasswordInput,
    labels,
    answer: json(Nothing),
  }),
  updateProfile: endpoint({
    method: 'POST',
    path: '/platform-system/user/updateUser',
    operationId: 'updateOwnProfile',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Update the own profile: nickname, email, mobile, remark',
    body: updateProfileInput,
    labels,
    answer: json(CurrentUser),
  }),
};
