/** Import, import jobs and reports, export and template routes of every resource (multipart only here). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { IMPORT_JOB_THRESHOLD, IMPORT_MAX_BYTES, type ImportResult } from '../../../model/engine';
import { ApiError } from '../../http';
import type { Translator } from '../../i18n';
import { ResourceError, notFound } from '../errors';
import { listQuerySchema, queryLabels } from '../list';
import { logOperation, requestLine } from '../oplog';
import { engineRoute } from '../route';
import { callerOf, type Caller } from '../scope';
import type { ResourceService } from '../service';
import { endpointsOf } from '../../../model/contract/resource';
import { exportStream, fileName, template } from './export';
import { sendWorkbook } from './download';
import { importRows } from './import';
import type { ImportJobs } from './jobs';
import type { Background } from '../background';
import { errorReport } from './report';
import { openSheet, type SheetRow, type SheetStream } from './sheet';
import { readUploadedFile } from './upload';
import { requestOffset } from '../../dates';

/** Errors an answer carries at most (the report holds them all). */
const MAX_ERRORS_ANSWERED = 1000;

const importQuery = z.object({
  dryRun: z
    .preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean())
    .optional()
    .default(false),
});

interface ImportRun {
  service: ResourceService;
  caller: Caller;
  tr: Translator;
  headers: string[];
  batches: AsyncIterable<SheetRow[]>;
  /** Rows known before the import starts (the file's own count, or those read ahead). */
  known: number;
  dryRun: boolean;
  op: { method: string; path: string };
  jobId: string | null;
}

/** Checks and (unless a dry run or an error) writes, as the sheet is read. */
async function runImport(run: ImportRun, progress?: (n: number) => void): Promise<ImportResult> {
  const { service, caller, tr, dryRun } = run;
  const importId = run.jobId ?? randomUUID();
  let out;
  try {
    out = await importRows(service, caller, tr, run.headers, run.batches, {
      dryRun,
      op: run.op,
      importId,
      onProgress: progress,
    });
  } catch (err) {
    // A refusal found once reading had begun (past the row limit, over the reading budget): nothing was written.
    if (!(err instanceof ApiError) || !run.jobId) throw err;
    out = {
      total: run.known,
      inserted: 0,
      updated: 0,
      errors: [{ row: 0, field: '', key: err.key, message: tr.t(err.key, err.data as Record<string, unknown>) }],
    };
  }
  const total = Math.max(out.total, out.errors.length > 0 && out.total === 0 ? run.known : 0);
  const base: ImportResult = {
    dryRun,
    total,
    inserted: out.inserted,
    updated: out.updated,
    errors: out.errors,
    reportId: null,
    jobId: run.jobId,
  };
  if (out.errors.length > 0) return { ...base, reportId: run.jobId };
  return dryRun ? base : { ...base, importId };
}

/** Reads batches until more than `limit` rows or the end: a larger file imports as a job. */
async function readAhead(
  stream: SheetStream,
  limit: number,
): Promise<{ ahead: SheetRow[][]; count: number; rest: AsyncIterator<SheetRow[]> | null }> {
  const it = stream.batches();
  const ahead: SheetRow[][] = [];
  let count = 0;
  // The file says how many rows it holds: no need to read them to know.
  if (stream.size !== null && stream.size > limit) return { ahead, count, rest: it };
  while (count <= limit) {
    const next = await it.next();
    if (next.done) return { ahead, count, rest: null };
    ahead.push(next.value);
    count += next.value.length;
  }
  return { ahead, count, rest: it };
}

async function* joined(ahead: SheetRow[][], rest: AsyncIterator<SheetRow[]> | null): AsyncGenerator<SheetRow[]> {
  yield* ahead;
  if (!rest) return;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

const answered = (r: ImportResult): ImportResult => ({ ...r, errors: r.errors.slice(0, MAX_ERRORS_ANSWERED) });

export async function ioRoutes(
  app: FastifyInstance,
  services: readonly ResourceService[],
  jobs: ImportJobs,
  background: Background,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
    });
    for (const service of services) ioRoutesOf(scope, service, jobs, background);
  });
}

function ioRoutesOf(app: FastifyInstance, service: ResourceService, jobs: ImportJobs, background: Background): void {
  const { def, db, registry } = service;
  const eps = endpointsOf(def);

  if (def.verbs.includes('import'))
    engineRoute(app, {
      def,
      endpoint: eps.import,
      query: importQuery,
      handler: async ({ request, ctx, tr, query }) => {
        const caller = callerOf(ctx);
        service.scope(caller);
        const { file, fileName } = await readUploadedFile(request);
        const stream = await openSheet(file, tr.language, fileName ?? '');
        try {
          const { ahead, count, rest } = await readAhead(stream, IMPORT_JOB_THRESHOLD);
          const op = requestLine(request);
          const known = Math.max(count, stream.size ?? 0);
          const run = {
            service,
            caller,
            tr,
            headers: stream.headers,
            batches: joined(ahead, rest),
            known,
            dryRun: query.dryRun,
            op,
          };
          const newJob = {
            caller,
            resource: def.name,
            fileName: fileName ?? 'import',
            file,
            dryRun: query.dryRun,
            language: tr.language,
            total: known,
          };
          if (rest) {
            const jobId = await jobs.create({ ...newJob, status: 'queued' });
            jobs.start(
              caller.tenantId,
              jobId,
              file,
              (progress) => runImport({ ...run, jobId }, progress).finally(() => stream.cancel()),
              tr.t('error.internal'),
            );
            const queued: ImportResult = {
              dryRun: query.dryRun,
              total: known,
              inserted: 0,
              updated: 0,
              errors: [],
              reportId: null,
              jobId,
            };
            return { status: 202, msgKey: 'resource.import.queued', data: queued };
          }
          const result = await runImport({ ...run, jobId: null });
          if (result.errors.length > 0) {
            const reportId = await jobs.create({ ...newJob, total: result.total, status: 'failed', result });
            throw new ResourceError(400, 'resource.import.failed', answered({ ...result, reportId }), {
              count: new Set(result.errors.map((e) => e.row)).size,
            });
          }
          return { data: result };
        } catch (err) {
          stream.cancel();
          throw err;
        }
      },
    });

  if (def.verbs.includes('import'))
    engineRoute(app, {
      def,
      endpoint: eps.importJob,
      handler: async ({ ctx, params }) => {
        const job = await jobs.get(callerOf(ctx), def.name, params.id);
        if (!job) throw notFound();
        return { data: job.result ? { ...job, result: answered(job.result) } : job };
      },
    });

  if (def.verbs.includes('import'))
    engineRoute(app, {
      def,
      endpoint: eps.importReport,
      handler: async ({ request, reply, ctx, tr, params }) => {
        const job = await jobs.report(callerOf(ctx), def.name, params.id);
        if (!job) throw notFound();
        const bytes = await errorReport(def, job.file, job.result?.errors ?? [], tr, job.fileName);
        return sendWorkbook(
          reply,
          fileName(def, tr, `-${tr.t('resource.import.reportName')}`, requestOffset(request)),
          bytes,
        );
      },
    });

  if (def.verbs.includes('export'))
    engineRoute(app, {
      def,
      endpoint: eps.export,
      query: listQuerySchema(def),
      labels: queryLabels(def),
      handler: async ({ request, reply, ctx, tr, query }) => {
        const caller = callerOf(ctx);
        const scope = service.scope(caller);
        const offset = requestOffset(request);
        const { stream, done } = exportStream({ db, registry, def, caller, scope, tr, params: query, offset });
        const line = requestLine(request);
        background.track(
          done.then((count) =>
            logOperation(db, caller, { type: 'export', ...line, resource: def.name, ids: [], count }),
          ),
        );
        return sendWorkbook(reply, fileName(def, tr, '', offset), stream);
      },
    });

  if (def.verbs.includes('import'))
    engineRoute(app, {
      def,
      endpoint: eps.template,
      handler: async ({ request, reply, ctx, tr }) => {
        const caller = callerOf(ctx);
        service.scope(caller);
        const bytes = await template(db, def, caller.tenantId, tr);
        return sendWorkbook(reply, fileName(def, tr, `-${tr.t('resource.template')}`, requestOffset(request)), bytes);
      },
    });
}
