/** The audit trail (issue 25): a record's history and the verification of the tenant's chain. */
import { AUDIT_PERMISSIONS as P, AuditHistory, AuditHistoryParams, AuditHistoryQuery, AuditVerify, AuditVerifyBody } from '../audit';
import { endpoint, json } from './endpoint';

const tag = 'audit-trail';
const BASE = '/platform-system/audit';

export const audit = {
  history: endpoint({
    method: 'GET', path: `${BASE}/:entity/:id`, operationId: 'recordHistory', tag, auth: 'bearer', permission: P.history,
    summary: "A record's history, newest first: who, when, from where, what changed (before → after)",
    description: 'Entries of the caller\'s tenant only, and of the chosen factory (or of no factory) for factory-scoped records. '
      + 'The caller also needs the view permission of that kind of record where one is known (e.g. `basic:material:view` for `material`). '
      + 'Values are stored as written (ids, dictionary values); labels are resolved by the screen.',
    params: AuditHistoryParams, query: AuditHistoryQuery, answer: json(AuditHistory),
  }),
  verify: endpoint({
    method: 'POST', path: `${BASE}/verify`, operationId: 'verifyAuditTrail', tag, auth: 'bearer', permission: P.verify,
    summary: "Verifies the tenant's chain of history entries and names the first broken one",
    body: AuditVerifyBody, answer: json(AuditVerify),
  }),
};
