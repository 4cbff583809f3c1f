/**
 * The import of a BOM sheet, all or nothing under the tenant's BOM lock, and the error report of a
 * failed one. A failed import keeps its file in the engine's import_job table, so the report can be
 * fetched by GET.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BomImportResult } from '../../model/bom';
import type { DB } from '../db/types';
import { ApiError } from '../http';
import { readSheet } from '../engine/io/sheet';
import type { ImportJobs } from '../engine/io/jobs';
import { callerOf } from '../engine/scope';
import { logLines, recordLines } from './history';
import type { BomCall } from './service';
import { checkImport, errorReport } from './sheet';
import { allLines, bomDb } from './store';
import { deleteLines, insertLines, underBomLock } from './writes';

/** The uploaded file of an import. */
export interface BomUpload {
  file: Buffer;
  fileName: string | null;
}

export class BomImport {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: ImportJobs,
    private readonly call: BomCall,
  ) {}

  /** Writes every row of the file, or none: a file with errors answers 400 with them and its report's id. */
  async run(upload: BomUpload): Promise<BomImportResult> {
    const { ctx, tr, request } = this.call;
    const sheet = await readSheet(upload.file, undefined, upload.fileName ?? '');
    const result = await underBomLock(this.db, ctx.tenantId, async (trx) => {
      const t = bomDb(trx);
      const stored = await allLines(t, ctx.tenantId);
      const check = await checkImport(t, ctx.tenantId, sheet, stored, tr);
      const base = { total: sheet.rows.length, inserted: 0, updated: 0, errors: check.errors };
      if (check.errors.length) return base;
      const replaced = check.lines.map((l) => l.replaces).filter((id): id is string => !!id);
      const previous = new Map(stored.map((l) => [l.id, l]));
      // Replaced lines go first, so a file that swaps two components between lines meets no unique key.
      await deleteLines(trx, ctx.tenantId, replaced);
      const ids = await insertLines(trx, ctx.tenantId, ctx.user.id, check.lines);
      await logLines(trx, ctx, request, 'import', ids);
      // A replaced line is written anew (a new id): its entry shows the values it replaced.
      const importId = randomUUID();
      const written = new Map((await allLines(t, ctx.tenantId)).map((l) => [l.id, l]));
      await recordLines(
        trx,
        ctx,
        'import',
        ids.map((id, i) => {
          const was = check.lines[i]?.replaces;
          return { id, before: was ? (previous.get(was) ?? null) : null, after: written.get(id) ?? null };
        }),
        { importJobId: importId, keepEmpty: true },
      );
      return { ...base, inserted: check.lines.length - replaced.length, updated: replaced.length, importId };
    });
    if (result.errors.length) {
      const reportId = await this.jobs.create({
        caller: callerOf(ctx),
        resource: 'bom',
        fileName: upload.fileName ?? 'bom.xlsx',
        file: upload.file,
        status: 'failed',
        dryRun: false,
        language: tr.language,
        total: result.total,
        result: {
          dryRun: false,
          total: result.total,
          inserted: 0,
          updated: 0,
          errors: result.errors,
          reportId: null,
          jobId: null,
        },
      });
      throw new ApiError(400, 'resource.import.failed', {
        ...result,
        errors: result.errors.slice(0, 1000),
        reportId,
        count: new Set(result.errors.map((e) => e.row)).size,
      });
    }
    return { ...result, reportId: null };
  }

  /** The uploaded rows of the caller's failed import `id`, with its errors; 404 when there is none. */
  async report(id: string): Promise<Buffer> {
    const { ctx, tr } = this.call;
    const job = await this.jobs.report(callerOf(ctx), 'bom', id);
    if (!job) throw new ApiError(404, 'error.notFound');
    return errorReport(await readSheet(job.file, undefined, job.fileName), job.result?.errors ?? [], tr);
  }
}
