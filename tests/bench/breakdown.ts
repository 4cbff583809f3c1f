/**
 * Where a request's time goes (issue 22): a list call and a write through the API, each timed phase
 * by phase from Fastify's hooks (authentication, the handler, serialisation, the rest of the
 * request) with the handler's statements timed by a Kysely plugin (from compile to rows, so the
 * wait for a connection and its BEGIN are in them). Medians over `RUNS` calls, one at a time.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Kysely } from 'kysely';
import { installAuth } from '../../server/auth/context';
import type { Config } from '../../server/config';
import type { DB } from '../../server/db/types';
import { errorHandler } from '../../server/http';
import { registerResources } from '../../server/engine';
import type { ResourceDef } from '../../model/engine';

const RUNS = 200;

/** Times every statement from its compilation to its rows. */
class StatementClock implements KyselyPlugin {
  private readonly started = new Map<unknown, number>();
  spans: { start: number; ms: number }[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.started.set(args.queryId, performance.now());
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const t0 = this.started.get(args.queryId);
    if (t0 !== undefined) {
      this.spans.push({ start: t0, ms: performance.now() - t0 });
      this.started.delete(args.queryId);
    }
    return args.result;
  }
}

interface Marks {
  start: number;
  authed: number;
  handled: number;
  serialised: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const f = (n: number) => `${n.toFixed(2)} ms`;

async function timedApi(
  db: Kysely<DB>,
  config: Config,
  resources: readonly ResourceDef[],
  clock: StatementClock,
  marks: Marks,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.setErrorHandler(errorHandler);
  const plugged = db.withPlugin(clock);
  await app.register(
    async (api) => {
      api.addHook('onRequest', async () => {
        marks.start = performance.now();
        clock.spans = [];
      });
      installAuth(api, plugged, config);
      api.addHook('preHandler', async () => {
        marks.authed = performance.now();
      });
      api.addHook('preSerialization', async (_req, _reply, payload) => {
        marks.handled = performance.now();
        return payload;
      });
      api.addHook('onSend', async (_req, _reply, payload) => {
        marks.serialised = performance.now();
        return payload;
      });
      api.setErrorHandler(errorHandler);
      await registerResources(api, { db: plugged, resources });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

export interface BreakdownInput {
  label: string;
  db: Kysely<DB>;
  config: Config;
  resources: readonly ResourceDef[];
  headers: Record<string, string>;
  list: string;
  /** The path a write POSTs to and a fresh body for each call. */
  write: { url: string; body: (i: number) => Record<string, unknown> };
}

/** Rows for the bench table: each phase's median for a list call and a write. */
export async function requestBreakdown(input: BreakdownInput, rows: [string, string][]): Promise<void> {
  const clock = new StatementClock();
  const marks: Marks = { start: 0, authed: 0, handled: 0, serialised: 0 };
  const app = await timedApi(input.db, input.config, input.resources, clock, marks);
  try {
    for (const [what, call] of [
      ['list, first page', () => app.inject({ method: 'GET', url: input.list, headers: input.headers })],
      [
        'write (create one row)',
        (i: number) =>
          app.inject({ method: 'POST', url: input.write.url, headers: input.headers, payload: input.write.body(i) }),
      ],
    ] as const) {
      const phases = {
        auth: [] as number[],
        statements: [] as number[],
        count: [] as number[],
        handler: [] as number[],
        serialise: [] as number[],
        rest: [] as number[],
        total: [] as number[],
      };
      for (let i = 0; i < RUNS + 10; i++) {
        const t0 = performance.now();
        const res = await call(i);
        const total = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i < 10) continue;
        // The authentication hook's own statements (a write's generation read, a look-up not held) start before it ends.
        const handlerSpans = clock.spans.filter((span) => span.start >= marks.authed);
        phases.auth.push(marks.authed - marks.start);
        phases.statements.push(handlerSpans.reduce((a, b) => a + b.ms, 0));
        phases.count.push(handlerSpans.length);
        phases.handler.push(marks.handled - marks.authed);
        phases.serialise.push(marks.serialised - marks.handled);
        phases.rest.push(total - (marks.serialised - marks.start));
        phases.total.push(total);
      }
      rows.push([`${input.label}: ${what}, total p50`, f(median(phases.total))]);
      rows.push([
        `${input.label}: ${what}, authentication (held session and permissions, confirmed by the first statement)`,
        f(median(phases.auth)),
      ]);
      rows.push([
        `${input.label}: ${what}, handler (its statements: ${median(phases.count)}, summed ${f(median(phases.statements))})`,
        f(median(phases.handler)),
      ]);
      rows.push([`${input.label}: ${what}, serialisation`, f(median(phases.serialise))]);
      rows.push([`${input.label}: ${what}, routing, parsing, response (the rest)`, f(median(phases.rest))]);
    }
  } finally {
    await app.close();
  }
}
