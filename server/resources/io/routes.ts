/** Import, import jobs and reports, export and template routes of every resource (multipart only here). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { IMPORT_JOB_THRESHOLD, IMPORT_MAX_BYTES, permissionCode, type ImportResult } from '../../../model/resource';
import { ApiError, uuidParam } from '../../http';
import type { Translator } from '../../i18n';
import { ResourceError, notFound } from '../errors';
import { listQuerySchema, queryLabels } from '../list';
import { logOperation } from '../oplog';
import { engineRoute } from '../route';
import { callerOf, type Caller } from '../scope';
import type { ResourceService } from '../service';
import { endpointsOf } from '../../../model/contract/resource';
import { XLSX_TYPE, attachment, exportStream, fileName, template } from './export';
import { validateSheet, writeRows } from './import';
import type { ImportJobs } from './jobs';
import type { Background } from '../background';
import { errorReport } from './report';
import { readSheet, type Sheet } from './sheet';
import { readUploadedFile } from './upload';
import { requestOffset } from '../../dates';

/** Errors an answer carries at most (the report holds them all). */
const MAX_ERRORS_ANSWERED = 1000;

const importQuery = z.object({
  dryRun: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).optional().default(false),
});

interface ImportRun {
  service: ResourceService;
  caller: Caller;
  tr: Translator;
  sheet: Sheet;
  dryRun: boolean;
  op: { method: string; path: string };
  jobId: string | null;
}

/** Validates, then (unless a dry run or an error) writes; `progress` sees validation as the first half. */
async function runImport(run: ImportRun, progress?: (n: number) => void): Promise<ImportResult> {
  const { service, caller, tr, sheet, dryRun } = run;
  const total = sheet.rows.length;
  const validated = await validateSheet(service, caller, tr, sheet, progress && ((n) => progress(dryRun ? n : Math.floor(n / 2))));
  const base: ImportResult = { dryRun, total, inserted: 0, updated: 0, errors: validated.errors, reportId: null, jobId: run.jobId };
  if (validated.errors.length > 0) return { ...base, reportId: run.jobId };
  if (dryRun) {
    const updated = validated.rows.filter((r) => r.exists).length;
    return { ...base, inserted: validated.rows.length - updated, updated };
  }
  progress?.(Math.floor(total / 2));
  const importId = run.jobId ?? randomUUID();
  const counts = await writeRows(service, caller, validated.rows, run.op, progress && ((n) => progress(Math.floor(total / 2 + n / 2))), importId);
  return { ...base, ...counts, importId };
}

const answered = (r: ImportResult): ImportResult => ({ ...r, errors: r.errors.slice(0, MAX_ERRORS_ANSWERED) });

export async function ioRoutes(app: FastifyInstance, services: readonly ResourceService[], jobs: ImportJobs, background: Background): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 } });
    for (const service of services) ioRoutesOf(scope, service, jobs, background);
  });
}

function ioRoutesOf(app: FastifyInstance, service: ResourceService, jobs: ImportJobs, background: Background): void {
  const { def, db, registry } = service;
  const eps = endpointsOf(def);

  if (def.verbs.includes('import')) engineRoute(app, {
    def, endpoint: eps.import, query: importQuery,
    handler: async ({ request, ctx, tr, query }) => {
      const caller = callerOf(ctx);
      service.scope(caller);
      const { file, fileName } = await readUploadedFile(request);
      const sheet = await readSheet(file, tr.language, fileName ?? '');
      const op = { method: request.method, path: request.url.split('?')[0] ?? request.url };
      const newJob = { caller, resource: def.name, fileName: fileName ?? 'import', file, dryRun: query.dryRun, language: tr.language, total: sheet.rows.length };
      if (sheet.rows.length > IMPORT_JOB_THRESHOLD) {
        const jobId = await jobs.create({ ...newJob, status: 'queued' });
        jobs.start(caller.tenantId, jobId, (progress) => runImport({ service, caller, tr, sheet, dryRun: query.dryRun, op, jobId }, progress), tr.t('error.internal'));
        const queued: ImportResult = { dryRun: query.dryRun, total: sheet.rows.length, inserted: 0, updated: 0, errors: [], reportId: null, jobId };
        return { status: 202, msgKey: 'resource.import.queued', data: queued };
      }
      const result = await runImport({ service, caller, tr, sheet, dryRun: query.dryRun, op, jobId: null });
      if (result.errors.length > 0) {
        const reportId = await jobs.create({ ...newJob, status: 'failed', result });
        throw new ResourceError(400, 'resource.import.failed', answered({ ...result, reportId }), { count: new Set(result.errors.map((e) => e.row)).size });
      }
      return { data: result };
    },
  });

  if (def.verbs.includes('import')) engineRoute(app, {
    def, endpoint: eps.importJob,
    handler: async ({ ctx, params }) => {
      const job = await jobs.get(callerOf(ctx), def.name, params.id);
      if (!job) throw notFound();
      return { data: job.result ? { ...job, result: answered(job.result) } : job };
    },
  });

  if (def.verbs.includes('import')) engineRoute(app, {
    def, endpoint: eps.importReport,
    handler: async ({ request, reply, ctx, tr, params }) => {
      const job = await jobs.report(callerOf(ctx), def.name, params.id);
      if (!job) throw notFound();
      const bytes = await errorReport(def, job.file, job.result?.errors ?? [], tr, job.fileName);
      const { name, fallback } = fileName(def, tr, `-${tr.t('resource.import.reportName')}`, requestOffset(request));
      return reply.code(200).header('content-type', XLSX_TYPE).header('content-disposition', attachment(name, fallback)).send(bytes);
    },
  });

  if (def.verbs.includes('export')) engineRoute(app, {
    def, endpoint: eps.export, query: listQuerySchema(def), labels: queryLabels(def),
    handler: async ({ request, reply, ctx, tr, query }) => {
      const caller = callerOf(ctx);
      const scope = service.scope(caller);
      const offset = requestOffset(request);
      const { stream, done } = exportStream({ db, registry, def, caller, scope, tr, params: query, offset });
      const path = request.url.split('?')[0] ?? request.url;
      background.track(done.then((count) => logOperation(db, caller, { type: 'export', method: 'GET', path, resource: def.name, ids: [], count })));
      const { name, fallback } = fileName(def, tr, '', offset);
      return reply.code(200).header('content-type', XLSX_TYPE).header('content-disposition', attachment(name, fallback)).send(stream);
    },
  });

  if (def.verbs.includes('import')) engineRoute(app, {
    def, endpoint: eps.template,
    handler: async ({ request, reply, ctx, tr }) => {
      const caller = callerOf(ctx);
      service.scope(caller);
      const bytes = await template(db, def, caller.tenantId, tr);
      const { name, fallback } = fileName(def, tr, `-${tr.t('resource.template')}`, requestOffset(request));
      return reply.code(200).header('content-type', XLSX_TYPE).header('content-disposition', attachment(name, fallback)).send(bytes);
    },
  });
}
