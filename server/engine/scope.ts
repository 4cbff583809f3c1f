/** Whose rows a request sees: always its tenant, and its chosen factory for factory-scoped resources. */
import type { ResourceDef } from '../../model/engine';
import { ApiError, type RequestContext } from '../http';
import type { Translator } from '../i18n';

export interface ResourceScope {
  tenantId: string;
  /** Set for factory-scoped resources (never null there); null for tenant-scoped ones. */
  factoryId: string | null;
  /** Whose data permission limits the rows (SPEC §6); none for system work and shared tables. */
  viewer?: Viewer;
}

/** The user whose roles' data permission decides which rows (by creator) a request may touch. */
export interface Viewer {
  tenantId: string;
  userId: string;
  factoryId: string | null;
}

/** The call an engine verb serves: who calls, in which language, by which method and path. */
export interface Request {
  caller: Caller;
  tr: Translator;
  method: string;
  path: string;
}

export interface Caller {
  tenantId: string;
  factoryId: string | null;
  userId: string;
  account: string;
  operationId: string | null;
  /** The API key the call came with (the operation log shows its name); the user is its creator. */
  apiKeyName?: string | null;
  /** The client address (history names it). */
  ip?: string | null;
}

export function callerOf(ctx: RequestContext): Caller {
  return {
    tenantId: ctx.tenantId,
    factoryId: ctx.factoryId,
    userId: ctx.user.id,
    account: ctx.user.account,
    operationId: ctx.operationId,
    apiKeyName: ctx.apiKey?.name ?? null,
    ip: ctx.ip ?? null,
  };
}

/** The scope of `def` for the caller; a factory-scoped resource needs a chosen factory (400). */
export function scopeOf(
  def: Pick<ResourceDef, 'scope'>,
  caller: Pick<Caller, 'tenantId' | 'factoryId'> & Partial<Pick<Caller, 'userId'>>,
): ResourceScope {
  const viewer = caller.userId
    ? { tenantId: caller.tenantId, userId: caller.userId, factoryId: caller.factoryId }
    : undefined;
  if (def.scope === 'shared') return { tenantId: caller.tenantId, factoryId: null };
  if (def.scope === 'tenant') return { tenantId: caller.tenantId, factoryId: null, viewer };
  if (!caller.factoryId) throw new ApiError(400, 'resource.factoryRequired');
  return { tenantId: caller.tenantId, factoryId: caller.factoryId, viewer };
}

/** The scope of a referenced resource, or null when it is factory-scoped and no factory is chosen. */
export function refScopeOf(
  def: Pick<ResourceDef, 'scope'>,
  caller: Pick<Caller, 'tenantId' | 'factoryId'>,
): ResourceScope | null {
  if (def.scope !== 'factory') return { tenantId: caller.tenantId, factoryId: null };
  return caller.factoryId ? { tenantId: caller.tenantId, factoryId: caller.factoryId } : null;
}
