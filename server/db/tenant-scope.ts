/**
 * Row-level security's half in the application (DESIGN §4, SECURITY-TESTS T1.1–T1.3).
 *
 * A request that acts for a tenant runs every statement inside a transaction that first sets,
 * transaction-locally, `role` to the application role (neither superuser, nor owner, nor
 * BYPASSRLS) and `app.tenant_id` to the tenant. The policies of migration 012 then hide every
 * other tenant's rows even from a query that forgets its `where tenant_id`. Because both settings
 * are `set_config(…, true)`, they end with the transaction: a pooled connection (or PgBouncer in
 * transaction mode) never carries them into the next request.
 *
 * Statements outside any scope (start-up, migrations, seed, tests reading the database) run as the
 * connecting role. A request scope that has not learnt its tenant yet sees no tenant rows at all.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

/** The role requests run as; created by migration 012. */
export const APP_ROLE = 'portal_app';

export interface DbScope {
  /** `tenant`: as APP_ROLE under the tenant's policies; `system`: as the connecting role. */
  mode: 'tenant' | 'system';
  /** The tenant once known; null sees no tenant rows. */
  tenantId: string | null;
}

const storage = new AsyncLocalStorage<DbScope>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Matches no tenant: set when a tenant scope has no tenant yet. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

export function runInScope<T>(scope: DbScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** Runs `fn` for one tenant, under its policies. */
export function withTenant<T>(tenantId: string, fn: () => T): T {
  return storage.run({ mode: 'tenant', tenantId }, fn);
}

/**
 * Runs `fn` as the connecting role, past the policies. Only for what must look across tenants by
 * design: resolving a token or a tenant code before the tenant is known, platform operators' work.
 */
export function asSystem<T>(fn: () => T): T {
  return storage.run({ mode: 'system', tenantId: null }, fn);
}

/** The current request learnt its tenant (after authentication or a login's tenant lookup). */
export function bindTenant(tenantId: string): void {
  const scope = storage.getStore();
  if (!scope) return;
  scope.mode = 'tenant';
  scope.tenantId = tenantId;
}

export function currentScope(): DbScope | undefined {
  return storage.getStore();
}

function savepointName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid savepoint name: ${name}`);
  return `"${name}"`;
}

/** Connections this driver opened a tenant transaction on. */
const scoped = new WeakSet<DatabaseConnection>();

class ScopedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Read before waiting: the connection may be handed over from another request's context.
    const scope = storage.getStore();
    const connection = await this.inner.acquireConnection();
    if (scope?.mode !== 'tenant') return connection;
    const tenantId = scope.tenantId && UUID.test(scope.tenantId) ? scope.tenantId : NO_TENANT;
    try {
      await connection.executeQuery(CompiledQuery.raw('BEGIN'));
      await connection.executeQuery(CompiledQuery.raw("SELECT set_config('app.tenant_id', $1, true), set_config('role', $2, true)", [tenantId, APP_ROLE]));
    } catch (err) {
      await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
      await this.inner.releaseConnection(connection);
      throw err;
    }
    scoped.add(connection);
    return connection;
  }

  // Inside the scope's own transaction, a transaction the code asks for is a savepoint.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!scoped.has(connection)) return this.inner.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw('SAVEPOINT scoped_tx'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!scoped.has(connection)) return this.inner.commitTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw('RELEASE SAVEPOINT scoped_tx'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!scoped.has(connection)) return this.inner.rollbackTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK TO SAVEPOINT scoped_tx'));
  }

  // Savepoints as plain SQL, so they work on every inner driver (the PGlite one has none).
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`SAVEPOINT ${savepointName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`ROLLBACK TO SAVEPOINT ${savepointName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`RELEASE SAVEPOINT ${savepointName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (scoped.has(connection)) {
      scoped.delete(connection);
      // After a failed statement COMMIT ends the transaction as a rollback; either way it ends here.
      await connection.executeQuery(CompiledQuery.raw('COMMIT')).catch(async () => {
        await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
      });
    }
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Wraps a dialect so that its connections honour the current DbScope. */
export class ScopedDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createDriver(): Driver {
    return new ScopedDriver(this.inner.createDriver());
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }
  // Kysely's own signature.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
