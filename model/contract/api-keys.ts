/** API keys for machines (issue 26): list, create (the secret shown once), revoke. */
import {
  API_KEY_FIELD_LABELS as labels,
  API_KEY_PERMISSIONS as P,
  ApiKey,
  ApiKeyList,
  ApiKeyOptions,
  CreatedApiKey,
  apiKeyInput,
} from '../api-keys';
import { IdParams } from './common';
import { endpoint, json } from './endpoint';

const tag = 'api-key';
const path = '/platform-system/api-key';

export const apiKeys = {
  list: endpoint({
    method: 'GET',
    path,
    operationId: 'listApiKeys',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: "The tenant's API keys (never their secrets), newest first",
    answer: json(ApiKeyList),
  }),
  options: endpoint({
    method: 'GET',
    path: `${path}/options`,
    operationId: 'apiKeyOptions',
    tag,
    auth: 'bearer',
    permission: P.add,
    summary: 'The permission codes and factories the caller may give a new key (those it holds itself)',
    answer: json(ApiKeyOptions),
  }),
  create: endpoint({
    method: 'POST',
    path,
    operationId: 'createApiKey',
    tag,
    auth: 'bearer',
    permission: P.add,
    summary: 'Create a key; the answer holds its secret, shown this once only',
    description:
      'A permission code or factory the caller does not hold answers 400 naming `permissions` or `factoryIds`. ' +
      'The key is sent as `Authorization: Bearer <secret>`; it acts for its creator, within its own codes and factories.',
    body: apiKeyInput,
    labels,
    answer: json(CreatedApiKey),
    errors: [409],
  }),
  revoke: endpoint({
    method: 'POST',
    path: `${path}/:id/revoke`,
    operationId: 'revokeApiKey',
    tag,
    auth: 'bearer',
    permission: P.revoke,
    summary: 'Revoke a key: its next call answers 401',
    params: IdParams,
    answer: json(ApiKey),
  }),
};
