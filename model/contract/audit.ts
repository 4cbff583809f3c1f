/** The audit trail (issue 25): a record's history and the verification of the tenant's chain. */
import {
  AUDIT_PERMISSIONS as P,
  AUDIT_RETENTION_LABELS,
  AuditHistory,
  AuditHistoryParams,
  AuditHistoryQuery,
  AuditRetention,
  AuditVerify,
  AuditVerifyBody,
  auditRetentionInput,
} from '../audit';
import { endpoint, json } from './endpoint';

const tag = 'audit-trail';
const BASE = '/platform-system/audit';

export const audit = {
  history: endpoint({
    method: 'GET',
    path: `${BASE}/:entity/:id`,
    operationId: 'recordHistory',
    tag,
    auth: 'bearer',
    permission: P.history,
    summary: "A record's history, newest first: who, when, from where, what changed (before → after)",
    description:
      "Entries of the caller's tenant only, and of the chosen factory (or of no factory) for factory-scoped records. " +
      'The caller also needs the view permission of that kind of record where one is known (e.g. `basic:material:view` for `material`). ' +
      'Values are stored as written (ids, dictionary values); labels are resolved by the screen.',
    params: AuditHistoryParams,
    query: AuditHistoryQuery,
    answer: json(AuditHistory),
  }),
  verify: endpoint({
    method: 'POST',
    path: `${BASE}/verify`,
    operationId: 'verifyAuditTrail',
    tag,
    auth: 'bearer',
    permission: P.verify,
    summary: "Verifies the tenant's chain of history entries and names the first broken one",
    body: AuditVerifyBody,
    answer: json(AuditVerify),
  }),
  retention: endpoint({
    method: 'GET',
    path: `${BASE}/retention`,
    operationId: 'getAuditRetention',
    tag,
    auth: 'bearer',
    permission: P.retention,
    summary: 'How long the tenant keeps its history, and the legal minimum it set',
    answer: json(AuditRetention),
  }),
  setRetention: endpoint({
    method: 'PUT',
    path: `${BASE}/retention`,
    operationId: 'setAuditRetention',
    tag,
    auth: 'bearer',
    permission: P.retention,
    summary: 'Sets how long the tenant keeps its history (months) and its legal minimum',
    description:
      'The retention is at least 1 month and never shorter than the legal minimum; the legal minimum can be raised but never lowered ' +
      'below the one already set (400 naming the field). The change itself leaves a history entry (entity `audit-retention`). ' +
      'Entries past the retention are removed by the maintenance (`npm run audit:maintain`, and daily by the server when it may).',
    body: auditRetentionInput,
    labels: AUDIT_RETENTION_LABELS,
    answer: json(AuditRetention),
  }),
};
