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
 * The settings travel in the message of the statement they are for (its values inlined as literals):
 * a statement on its own is one message and one implicit transaction, so a read costs one round trip
 * and no COMMIT; a transaction the code asks for begins in the message of its first statement; a
 * connection that only read in one is handed back to its caller before its COMMIT completes.
 *
 * Statements outside any scope (start-up, migrations, seed, tests reading the database) run as the
 * connecting role. A request scope that has not learnt its tenant yet sees no tenant rows at all.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pgCode } from './errors';
import {
  CompiledQuery,
  type Compilable,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type RawBuilder,
  type TransactionSettings,
} from 'kysely';

/** The role requests run as; created by migration 012. */
export const APP_ROLE = 'portal_app';

export interface DbScope {
  /** `tenant`: as APP_ROLE under the tenant's policies; `system`: as the connecting role. */
  mode: 'tenant' | 'system';
  /** The tenant once known; null sees no tenant rows. */
  tenantId: string | null;
  /**
   * The generation of the sessions and permissions the request's caller was read from, until the
   * first transaction of the request confirms it (migration 042): a change since refuses that
   * transaction with SQLSTATE AUTHG, and the call is checked again and run again.
   */
  unconfirmed?: string | null;
  /**
   * Statements (no parameters) that are the whole of the transaction: sent with its BEGIN and
   * COMMIT as one message when the connection is acquired (`transactionInOneMessage`).
   */
  whole?: string;
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

/** The request's caller is to be confirmed as of `generation` by its first transaction (null: it need not be). */
export function expectAuthGeneration(generation: string | null): void {
  const scope = storage.getStore();
  if (scope) scope.unconfirmed = generation;
}

/**
 * The call of migration 042's check that `generation` is still current (SQLSTATE AUTHG when not),
 * to put in a statement sent without parameters; the generation is a checked integer.
 */
export function confirmAuthGeneration(generation: string): string {
  if (!/^\d{1,19}$/.test(generation)) throw new Error(`not a generation: ${generation}`);
  return `confirm_auth_generation(${generation})`;
}

/**
 * A tenant's whole transaction in one message and one round trip: BEGIN with the tenant's settings,
 * `statements` (values inlined with `literal`), COMMIT. For a write whose every statement is known
 * before it opens; a failure is thrown and nothing of it stays.
 */
export async function transactionInOneMessage<D>(
  db: Kysely<D>,
  tenantId: string,
  statements: string,
  unconfirmed: string | null = null,
): Promise<void> {
  await storage.run({ mode: 'tenant', tenantId, unconfirmed, whole: statements }, () =>
    db.connection().execute(async () => undefined),
  );
}

export function currentScope(): DbScope | undefined {
  return storage.getStore();
}

function savepointName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid savepoint name: ${name}`);
  return `"${name}"`;
}

/**
 * Sends several statements without parameters as one simple-protocol message and answers the last
 * one's result: a tenant's transaction opens with its first statement (`BEGIN` and both settings;
 * the tenant id is a checked UUID and the role a constant), and `commitWith` ends one in one.
 */
export type SimpleQuery = (connection: DatabaseConnection, sqlText: string) => Promise<QueryResult<unknown>>;

/**
 * The default: a statement without parameters, which node-postgres sends as a simple query (its
 * pool's clients answer a message of several statements with the last one's result, db/index.ts).
 */
const bySimpleQuery: SimpleQuery = (connection, sqlText) => connection.executeQuery(CompiledQuery.raw(sqlText));

/**
 * A string as an SQL literal to inline in a statement sent without parameters (`commitWith`). The
 * escape-string form reads the same whatever `standard_conforming_strings` says.
 */
export function literal(value: string): string {
  if (value.includes('\u0000')) throw new Error('an SQL literal cannot hold U+0000');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * A statement that only reads: its transaction's COMMIT cannot fail in a way the caller must hear
 * of, so the answer is handed back before the COMMIT completes. Anything in doubt counts as a write.
 */
const READ = /^\s*(select|explain|with)\b/i;
const NOT_ONLY_READ =
  /\b(insert|update|delete|merge|for\s+(update|share|no\s+key|key)|nextval|setval|pg_notify|lock|advisory|set_config)\b/i;
export const onlyReads = (sqlText: string): boolean => READ.test(sqlText) && !NOT_ONLY_READ.test(sqlText);

/**
 * A connection in a tenant's scope; remembers whether anything but reads ran on it.
 *
 * Every message it sends carries the tenant's settings before its statements, values inlined as
 * literals. A statement outside a transaction the code asked for is a message of its own, which the
 * database runs as one implicit transaction: the settings end with it, and there is no COMMIT to send.
 * A transaction the code asks for (or a statement without literals, or a cursor) opens with BEGIN in
 * the message of its first statement, and ends with a COMMIT or ROLLBACK of its own.
 */
class ScopedConnection implements DatabaseConnection {
  wrote = false;
  /** The transaction was ended by its own COMMIT or ROLLBACK (a transaction the code asked for). */
  ended = false;
  /** Writes sent with the COMMIT (`writeAtCommit`). */
  atCommit: string[] = [];
  /** The code asked for a transaction: its statements share one, opened by BEGIN. */
  inTransaction = false;
  /** `idle`: no transaction is open on the connection; `open`: BEGIN has run; `failed`: the message with BEGIN failed. */
  private state: 'idle' | 'open' | 'failed' = 'idle';

  constructor(
    readonly inner: DatabaseConnection,
    readonly simple: SimpleQuery,
    /** Whether a statement's values are inlined so that it travels with the settings (`ScopedDialect`). */
    private readonly inline: boolean,
    /** The tenant's settings (and the caller's confirmation), one SELECT. */
    private readonly settings: string,
    /** Called once a message with the settings has run (the caller it confirmed stands). */
    private readonly onSettled: () => void,
  ) {}

  /** Whether a transaction was begun: one never begun has nothing to commit or roll back. */
  get opened(): boolean {
    return this.state !== 'idle';
  }

  /** The COMMIT, after the writes left for it, as one message's text. */
  commitText(last?: string): string {
    return [...this.atCommit.splice(0), ...(last === undefined ? [] : [last]), 'COMMIT'].join(';\n');
  }

  /** Sends `sqlText` (statements without parameters) in the transaction, beginning it with them when it has not begun. */
  async send(sqlText?: string): Promise<QueryResult<unknown>> {
    if (this.state === 'failed') throw new Error('the transaction did not begin');
    if (this.state === 'open') return this.simple(this.inner, sqlText ?? '');
    this.state = 'open';
    try {
      const result = await this.simple(
        this.inner,
        `BEGIN; ${this.settings}${sqlText === undefined ? '' : `;\n${sqlText}`}`,
      );
      this.onSettled();
      return result;
    } catch (err) {
      this.state = 'failed';
      throw err;
    }
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.wrote && !onlyReads(query.sql)) this.wrote = true;
    if (this.state === 'open') return this.inner.executeQuery<R>(query);
    const text = this.state === 'idle' && this.inline ? inlineText(query) : undefined;
    if (text !== undefined && !this.inTransaction) {
      const result = await this.simple(this.inner, `${this.settings};\n${text}`);
      this.onSettled();
      return result as QueryResult<R>;
    }
    if (text !== undefined) return (await this.send(text)) as QueryResult<R>;
    await this.send();
    return this.inner.executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (!this.wrote && !onlyReads(query.sql)) this.wrote = true;
    // A cursor reads in several messages: the settings must outlast the first, in a transaction.
    if (this.state !== 'open') await this.send();
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ScopedDriver implements Driver {
  /** COMMITs of read-only transactions still on their way; awaited before the driver closes. */
  private readonly closing = new Set<Promise<void>>();

  constructor(
    private readonly inner: Driver,
    readonly simple: SimpleQuery,
    private readonly inline: boolean,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Read before waiting: the connection may be handed over from another request's context.
    const scope = storage.getStore();
    const connection = await this.inner.acquireConnection();
    if (scope?.mode !== 'tenant') return connection;
    const tenantId = scope.tenantId && UUID.test(scope.tenantId) ? scope.tenantId : NO_TENANT;
    const generation = scope.unconfirmed;
    const confirm = generation ? `, ${confirmAuthGeneration(generation)}` : '';
    const settings = `SELECT set_config('app.tenant_id', '${tenantId}', true), set_config('role', '${APP_ROLE}', true)${confirm}`;
    const scoped = new ScopedConnection(connection, this.simple, this.inline, settings, () => {
      if (confirm && scope.unconfirmed === generation) scope.unconfirmed = null;
    });
    if (scope.whole !== undefined) {
      try {
        await scoped.send(`${scope.whole};\nCOMMIT`);
      } catch (err) {
        await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
        await this.inner.releaseConnection(connection);
        throw err;
      }
      scoped.wrote = scoped.ended = true;
    }
    return scoped;
  }

  // A transaction the code asks for begins with its first statement (Kysely asks right after
  // acquiring the connection): nothing to send here.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.beginTransaction(connection, settings);
    connection.wrote = true;
    connection.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.commitTransaction(connection);
    if (connection.ended) return; // by `commitWith`
    connection.ended = true;
    // Nothing was sent: no transaction began, and none is left to end.
    if (!connection.opened && connection.atCommit.length === 0) return;
    const commit =
      connection.atCommit.length > 0
        ? connection.send(connection.commitText())
        : connection.inner.executeQuery(CompiledQuery.raw('COMMIT'));
    await commit.catch(async (err: unknown) => {
      await connection.inner.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
      throw err;
    });
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.rollbackTransaction(connection);
    connection.ended = true;
    connection.atCommit.length = 0;
    if (connection.opened) await connection.inner.executeQuery(CompiledQuery.raw('ROLLBACK'));
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
    if (!(connection instanceof ScopedConnection)) return this.inner.releaseConnection(connection);
    const inner = connection.inner;
    if (connection.ended || !connection.opened) return this.inner.releaseConnection(inner);
    // After a failed statement COMMIT ends the transaction as a rollback; either way it ends here.
    const end = inner
      .executeQuery(CompiledQuery.raw('COMMIT'))
      .then(
        () => undefined,
        async () => {
          await inner.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
        },
      )
      .then(() => this.inner.releaseConnection(inner));
    if (connection.wrote) return end;
    // Only reads ran: the caller has its rows; the connection goes back to the pool once committed.
    const pending = end.catch(() => undefined).finally(() => this.closing.delete(pending));
    this.closing.add(pending);
  }

  async destroy(): Promise<void> {
    await Promise.all([...this.closing]);
    return this.inner.destroy();
  }
}

/** Wraps a dialect so that its connections honour the current DbScope. */
export class ScopedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly simple: SimpleQuery = bySimpleQuery,
    /**
     * Whether statements are inlined to travel with the settings in one message: where a round trip
     * costs (a server); the embedded database has none, and runs a statement with parameters faster
     * than the same statement as text, so there a transaction begins in a message of its own.
     */
    private readonly inline = true,
  ) {}
  createDriver(): Driver {
    return new ScopedDriver(this.inner.createDriver(), this.simple, this.inline);
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

/**
 * Runs `statement` (no parameters: values inlined with `literal`) as the last of a tenant's
 * transaction and commits, both in one message: a write transaction saves the round trip of its
 * COMMIT. Outside a tenant's transaction the statement runs alone and the caller's commit follows
 * (false: not committed here). A failure leaves the transaction to the caller's rollback, as any
 * failed statement does.
 */
export async function commitWith<D>(trx: Kysely<D>, statement: string): Promise<boolean> {
  return trx.getExecutor().provideConnection(async (connection) => {
    if (!(connection instanceof ScopedConnection) || connection.ended) {
      await connection.executeQuery(CompiledQuery.raw(statement));
      return false;
    }
    connection.wrote = true;
    await connection.send(connection.commitText(statement));
    connection.ended = true;
    return true;
  });
}

/** An array's elements in PostgreSQL's array syntax; undefined when one has no text. */
function arrayText(values: readonly unknown[]): string | undefined {
  const parts: string[] = [];
  for (const v of values) {
    if (v === null || v === undefined) parts.push('NULL');
    else if (typeof v === 'string') parts.push(`"${v.replace(/[\\"]/g, '\\$&')}"`);
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint') parts.push(String(v));
    else if (typeof v === 'boolean') parts.push(v ? 't' : 'f');
    else return undefined;
  }
  return `{${parts.join(',')}}`;
}

/**
 * A parameter as a literal of the statement's text, typed by its context as the parameter was (a
 * quoted literal is of unknown type, as a parameter sent without one); undefined for a value that
 * has no safe literal (U+0000, bytes, an object).
 */
function inlined(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string | undefined;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : undefined;
  else if (typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  else if (Array.isArray(value)) text = arrayText(value);
  return text === undefined || text.includes('\u0000') ? undefined : literal(text);
}

/** A statement with parameters, or a query builder. */
export type Statement = RawBuilder<unknown> | (Compilable & { execute(): Promise<unknown> });

const compileIn = <D>(trx: Kysely<D>, query: Statement): CompiledQuery =>
  'isRawBuilder' in query ? query.compile(trx) : query.compile();
const run = <D>(trx: Kysely<D>, query: Statement) => ('isRawBuilder' in query ? query.execute(trx) : query.execute());

/**
 * What a placeholder can stand beside: quoted strings and identifiers, comments, `$n`, and any other
 * `$` (dollar quoting, a `$` in a name), which the inliner leaves alone.
 */
const SQL_TOKENS = /[eE]'(?:[^'\\]|\\[\s\S]|'')*'|'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)|\$/g;

/**
 * The statement's text with its parameters inlined as literals; undefined when a value has no safe
 * literal, or the text holds a `$` that is not a placeholder (dollar quoting). Placeholders inside
 * quoted text and comments are not placeholders and stay as they are.
 */
function inlineText(compiled: CompiledQuery): string | undefined {
  const values = compiled.parameters.map(inlined);
  if (values.some((v) => v === undefined)) return undefined;
  let safe = true;
  const text = compiled.sql.replace(SQL_TOKENS, (token: string, n: string | undefined) => {
    if (n !== undefined) {
      const value = values[Number(n) - 1];
      if (value === undefined) safe = false;
      return value ?? token;
    }
    if (token === '$') safe = false;
    return token;
  });
  return safe ? text : undefined;
}

/** The statement's text with its parameters as literals; undefined when a value has none. */
export const inlineQuery = <D>(trx: Kysely<D>, query: Statement): string | undefined =>
  inlineText(compileIn(trx, query));

/**
 * `commitWith` for a statement built with parameters. A value without a safe literal leaves the
 * statement to run as it is, and the caller's COMMIT to follow.
 */
export async function commitWithQuery<D>(trx: Kysely<D>, query: Statement): Promise<boolean> {
  const text = inlineQuery(trx, query);
  if (text === undefined) {
    await run(trx, query);
    return false;
  }
  return commitWith(trx, text);
}

/**
 * Ends a tenant's transaction with `statement` and its COMMIT in one message, under a savepoint:
 * when the statement fails with `sqlState`, the transaction goes back to the savepoint and stays
 * open (false); any other failure is the caller's, as with `commitWith`. False also where there is
 * no tenant's transaction to end so (nothing was sent).
 */
export async function commitOrStay<D>(trx: Kysely<D>, statement: string, sqlState: string): Promise<boolean> {
  return trx.getExecutor().provideConnection(async (connection) => {
    if (!(connection instanceof ScopedConnection) || connection.ended) return false;
    connection.wrote = true;
    // The savepoint must stand inside a transaction that has begun, whatever befalls the statement.
    if (!connection.opened) await connection.send();
    try {
      await connection.send(connection.commitText(`SAVEPOINT stay;\n${statement}`));
    } catch (err) {
      if (pgCode(err) !== sqlState) throw err;
      await connection.inner.executeQuery(CompiledQuery.raw('ROLLBACK TO SAVEPOINT stay'));
      return false;
    }
    connection.ended = true;
    return true;
  });
}

/**
 * A write that nothing later in the transaction reads (a log row, an outgoing event) goes with the
 * transaction's COMMIT, in the same message, instead of a round trip of its own. It fails, if it
 * fails, with the COMMIT, which then rolls everything back. Outside a tenant's transaction, or with
 * a value that has no literal, it runs at once.
 */
export async function writeAtCommit<D>(db: Kysely<D>, query: Statement): Promise<void> {
  if (!db.isTransaction) {
    await run(db, query);
    return;
  }
  const text = inlineText(compileIn(db, query));
  const queued = await db.getExecutor().provideConnection(async (connection) => {
    if (text === undefined || !(connection instanceof ScopedConnection) || connection.ended) return false;
    connection.wrote = true;
    connection.atCommit.push(text);
    return true;
  });
  if (!queued) await run(db, query);
}
