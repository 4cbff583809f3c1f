/**
 * The API's operations, by feature. The server registers every route from these declarations; the
 * shell and the sub-apps call them through the typed client (client.ts); the OpenAPI document is
 * made from them. Resource-engine operations come from each definition (`endpointsOf(def)`).
 */
import { flow } from './flow';
import { dict } from './dict';
import { bom } from './bom';
import { help } from './help';
import { alarm } from './alarm';
import { feedback } from './feedback';
import { course } from './course';
import { helper } from './helper';
import { documents } from './documents';
import { rules } from './rules';
import { notice } from './notice';
import { account } from './account';
import { auth } from './auth';
import { sso } from './sso';
import { platform } from './platform';
import { access } from './access';
import { organization } from './organization';
import { staff } from './staff';
import { statistics } from './statistics';
import { system } from './system';
import { security } from './security';
import { apiKeys } from './api-keys';
import { webhooks } from './webhooks';
import { audit } from './audit';
import { search } from './search';
import { workbench } from './workbench';

export const contract = {
  auth,
  sso,
  account,
  platform,
  access,
  organization,
  staff,
  statistics,
  system,
  security,
  apiKeys,
  webhooks,
  audit,
  search,
  workbench,
  notice,
  helper,
  course,
  feedback,
  alarm,
  help,
  dict,
  flow,
  bom,
  documents,
  rules,
};

export type Contract = typeof contract;
export { endpointsOf } from './resource';
export { operationsOf, takesQuery, type RecordOperations } from './operations';
export { apiClient, urlOf, type ApiClient, type CallInput } from './client';
export type { AnyEndpoint, DataOf, BodyOf, QueryOf, ParamsOf } from './endpoint';
