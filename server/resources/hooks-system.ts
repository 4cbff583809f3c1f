/** Server-only rules of the app registry and tenants (issue 4): both are the platform operator's alone. */
import { ApiError } from '../http';
import { hashPassword } from '../auth/password';
import { provisionTenant } from '../services/users';
import { fieldError, invalid } from './errors';
import { isOperatorAdmin } from './hooks-access';
import type { ResourceHooks } from './hooks';

const given = (v: unknown): v is string => typeof v === 'string' && v !== '';
/** Carries the new tenant's administrator from beforeWrite to afterWrite (not a field: never a column). */
const ADMIN = '__tenantAdmin';

export const appHooks: ResourceHooks = {
  async beforeWrite(db, _def, _scope, values, _existing, req) {
    if (!(await isOperatorAdmin(db, req.caller.tenantId, req.caller.userId))) throw new ApiError(403, 'system.operatorOnly');
    return values;
  },
  async beforeDelete(db, _def, _scope, _ids, req) {
    if (!(await isOperatorAdmin(db, req.caller.tenantId, req.caller.userId))) throw new ApiError(403, 'system.operatorOnly');
  },
};

export const tenantHooks: ResourceHooks = {
  async beforeWrite(db, def, _scope, values, existing, req) {
    const out = { ...values };
    const account = out.adminAccount;
    const password = out.adminPassword;
    delete out.adminAccount;
    delete out.adminPassword;
    if (existing === null) {
      const errors = [
        ...(given(account) ? [] : [fieldError(def, 'adminAccount', 'validation.required', req.tr)]),
        ...(given(password) ? [] : [fieldError(def, 'adminPassword', 'validation.required', req.tr)]),
      ];
      if (errors.length > 0) throw invalid(errors, req.tr);
      out[ADMIN] = { account, hash: await hashPassword(password as string) };
    } else if (existing.id === req.caller.tenantId && out.status === 'disabled') {
      throw new ApiError(409, 'system.disableOwnTenant');
    }
    return out;
  },
  async afterWrite(db, _def, _scope, id, values) {
    const admin = values[ADMIN] as { account: string; hash: string } | undefined;
    if (!admin) return;
    // Tenant routes run past the per-tenant policies (server/routes/system.ts), so the new tenant's rows can be written.
    await provisionTenant(db, id, { name: String(values.name), adminAccount: admin.account }, admin.hash);
  },
};
