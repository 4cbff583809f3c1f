/**
 * Import jobs: large files import in the background (still in one transaction) with their progress
 * in `import_job`; failed imports keep the uploaded file there for their error report.
 */
import { sql } from 'kysely';
import type { ImportJob, ImportJobStatus, ImportResult } from '../../../model/engine';
import type { Caller } from '../scope';
import type { Background } from '../background';
import type { Db } from '../table';
import { emitEvent } from '../../webhooks/emit';
import { iso, isoOrNull } from '../../dates';

/** Reports and finished jobs are kept this long. */
const KEEP_DAYS = 7;

export interface NewJob {
  caller: Caller;
  resource: string;
  fileName: string;
  file: Buffer;
  status: ImportJobStatus;
  dryRun: boolean;
  language: string;
  total: number;
  result?: ImportResult;
}

export interface JobFile {
  fileName: string;
  file: Buffer;
  result: ImportResult | null;
}

export class ImportJobs {
  /** Progress of the jobs of this process (fresher than the row while its transaction is open). */
  private readonly progress = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly background: Background,
  ) {}

  async create(job: NewJob): Promise<string> {
    await this.db
      .deleteFrom('import_job')
      .where('created_at', '<', sql<Date>`now() - make_interval(days => ${KEEP_DAYS})`)
      .execute();
    const row = await this.db
      .insertInto('import_job')
      .values({
        tenant_id: job.caller.tenantId,
        factory_id: job.caller.factoryId,
        user_id: job.caller.userId,
        resource: job.resource,
        file_name: job.fileName.slice(0, 255),
        status: job.status,
        dry_run: job.dryRun,
        language: job.language,
        total: job.total,
        processed: job.status === 'failed' ? job.total : 0,
        result: job.result ? JSON.stringify(job.result) : null,
        // A queued job's file stays in memory while it runs; it is stored only if the job fails.
        file: job.status === 'failed' ? job.file : null,
        finished_at: job.status === 'failed' ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Runs `work` in the background; its result (or failure) ends the job. */
  start(
    tenantId: string,
    id: string,
    file: Buffer,
    work: (progress: (n: number) => void) => Promise<ImportResult>,
    internalError: string,
  ): void {
    const setProgress = (n: number) => {
      this.progress.set(id, n);
      // Not awaited: on PGlite it waits for the import's transaction; guarded so it never undoes the end.
      // A file that does not say how many rows it holds: its total grows as it is read.
      this.background.track(
        this.db
          .updateTable('import_job')
          .set({ processed: n, total: sql<number>`greatest(total, ${n})` })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .where('status', '=', 'running')
          .where('processed', '<', n)
          .execute(),
      );
    };
    const task = (async () => {
      await this.db
        .updateTable('import_job')
        .set({ status: 'running' })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      let result: ImportResult;
      let status: ImportJobStatus;
      try {
        result = await work(setProgress);
        status = result.errors.length > 0 ? 'failed' : 'succeeded';
      } catch {
        result = {
          dryRun: false,
          total: 0,
          inserted: 0,
          updated: 0,
          errors: [{ row: 0, field: '', key: 'error.internal', message: internalError }],
          reportId: null,
          jobId: id,
        };
        status = 'failed';
      }
      await this.db.transaction().execute(async (trx) => {
        const job = await trx
          .updateTable('import_job')
          .set({
            status,
            total: result.total,
            processed: result.total,
            result: JSON.stringify(result),
            finished_at: new Date(),
            // The file is kept only for a failed job's error report.
            ...(status === 'failed' ? { file } : {}),
          })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .returning(['resource', 'file_name', 'user_id', 'factory_id'])
          .executeTakeFirst();
        if (job) {
          await emitEvent(trx, tenantId, 'import.finished', {
            jobId: id,
            resource: job.resource,
            fileName: job.file_name,
            status,
            userId: job.user_id,
            factoryId: job.factory_id,
            total: result.total,
            inserted: result.inserted,
            updated: result.updated,
            errors: result.errors.length,
          });
        }
      });
      this.progress.delete(id);
    })();
    this.background.track(task);
  }

  /** A job of the caller's (another user's or resource's job is not found). */
  async get(caller: Caller, resource: string, id: string): Promise<ImportJob | null> {
    const row = await this.db
      .selectFrom('import_job')
      .select(['id', 'resource', 'file_name', 'status', 'total', 'processed', 'created_at', 'finished_at', 'result'])
      .where('tenant_id', '=', caller.tenantId)
      .where('user_id', '=', caller.userId)
      .where('resource', '=', resource)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const live = this.progress.get(row.id);
    return {
      id: row.id,
      resource: row.resource,
      fileName: row.file_name,
      status: row.status,
      total: row.status === 'running' && live !== undefined ? Math.max(live, row.total) : row.total,
      processed: row.status === 'running' && live !== undefined ? Math.max(live, row.processed) : row.processed,
      createdAt: iso(row.created_at),
      finishedAt: isoOrNull(row.finished_at),
      result: (row.result as ImportResult | null) ?? null,
    };
  }

  /** The uploaded file and result of a failed import of the caller's. */
  async report(caller: Caller, resource: string, id: string): Promise<JobFile | null> {
    const row = await this.db
      .selectFrom('import_job')
      .select(['file_name', 'file', 'result'])
      .where('tenant_id', '=', caller.tenantId)
      .where('user_id', '=', caller.userId)
      .where('resource', '=', resource)
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (!row || !row.file) return null;
    return {
      fileName: row.file_name,
      file: Buffer.from(row.file),
      result: (row.result as ImportResult | null) ?? null,
    };
  }
}
