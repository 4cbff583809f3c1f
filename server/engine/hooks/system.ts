/** Server-only rules of the app registry and tenants (issue 4): both are the platform operator's alone. */
import { ApiError } from '../../http';
import { hashPassword } from '../../auth/password';
import { provisionTenant } from '../../tenants/provision';
import { sql } from 'kysely';
import { ROUTE_PREFIXES } from '../../../model/app';
import type { ResourceDef } from '../../../model/engine';
import { ResourceError, fieldError, invalid } from '../errors';
import type { Request } from '../scope';
import { run, type ApiRow, type Db } from '../table';
import { isOperatorAdmin } from './access';
import type { ResourceHooks } from './types';
import { recordProvisioning } from '../tenant-history';
import type { Caller } from '../scope';

const given = (v: unknown): v is string => typeof v === 'string' && v !== '';
/** Carries the new tenant's administrator from beforeWrite to afterWrite (not a field: never a column). */
const ADMIN = '__tenantAdmin';
/** Carries the operator making the tenant, whom the new tenant's first history names. */
const OPERATOR = '__tenantOperator';

const prefixesOf = (list: unknown) =>
  typeof list === 'string'
    ? list
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [];

/**
 * An app's prefixes must be routes of the shell (else the app would be registered and never open),
 * and an enabled app may not take a prefix another enabled app serves (409 naming that app).
 */
async function checkPrefixes(
  db: Db,
  def: ResourceDef,
  values: Record<string, unknown>,
  existing: ApiRow | null,
  req: Request,
): Promise<void> {
  const prefixes = prefixesOf(values.prefixPath ?? existing?.prefixPath);
  const unknown = prefixes.find((p) => !(ROUTE_PREFIXES as readonly string[]).includes(p));
  if (unknown !== undefined) {
    throw invalid(
      [
        fieldError(def, 'prefixPath', 'validation.prefixUnknown', req.tr, {
          prefix: unknown,
          prefixes: ROUTE_PREFIXES.join(', '),
        }),
      ],
      req.tr,
    );
  }
  const status = values.status ?? existing?.status ?? 'enabled';
  if (status !== 'enabled' || prefixes.length === 0) return;
  const holders = await run(
    db,
    sql`select app_type, prefix_path from app
    where status = 'enabled' and id <> ${existing?.id ?? '00000000-0000-0000-0000-000000000000'}::uuid and prefix_path && ${prefixes}::text[]
    order by app_type limit 1`,
  );
  const holder = holders[0];
  if (!holder) return;
  const taken = prefixes.find((p) => (holder.prefix_path as string[]).includes(p)) ?? prefixes[0];
  const app = String(holder.app_type);
  throw new ResourceError(
    409,
    'system.prefixTaken',
    { field: 'prefixPath', value: taken, app },
    { prefix: taken, app },
  );
}

export const appHooks: ResourceHooks = {
  async beforeWrite(db, def, _scope, values, existing, req) {
    if (!(await isOperatorAdmin(db, req.caller.tenantId, req.caller.userId)))
      throw new ApiError(403, 'system.operatorOnly');
    await checkPrefixes(db, def, values, existing, req);
    return values;
  },
  async beforeDelete(db, _def, _scope, _ids, req) {
    if (!(await isOperatorAdmin(db, req.caller.tenantId, req.caller.userId)))
      throw new ApiError(403, 'system.operatorOnly');
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
      out[OPERATOR] = req.caller;
    } else if (existing.id === req.caller.tenantId && out.status === 'disabled') {
      throw new ApiError(409, 'system.disableOwnTenant');
    }
    return out;
  },
  async afterWrite(db, _def, _scope, id, values) {
    const admin = values[ADMIN] as { account: string; hash: string } | undefined;
    if (!admin) return;
    // Tenant routes run past the per-tenant policies (server/system/routes.ts), so the new tenant's rows can be written.
    const created = await provisionTenant(
      db,
      id,
      { name: String(values.name), adminAccount: admin.account },
      admin.hash,
    );
    await recordProvisioning(db, values[OPERATOR] as Caller, created);
  },
};
