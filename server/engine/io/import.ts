/**
 * Importing a sheet into a resource, as it is read: each batch of rows is checked (import-check.ts)
 * and, while no row of the file has failed, written (import-write.ts) in one transaction. A file
 * with any failing row writes nothing: every row is still checked for the report, then the
 * transaction rolls back. A dry run checks only. Memory stays flat in the file's rows.
 *
 * On the embedded database (one connection) an open transaction would hold every other request for
 * as long as the file takes to read, so there the rows are all checked first, outside it, and
 * written afterwards (memory then grows with the file).
 */
import type { ImportRowError } from '../../../model/engine';
import type { Translator } from '../../i18n';
import { forgetEstimates } from '../estimates';
import { logOperation } from '../oplog';
import type { Caller } from '../scope';
import type { ResourceService } from '../service';
import type { Db } from '../table';
import { isEmbedded } from '../../db/embedded';
import { settleImportKeys } from '../../audit/settle';
import { ImportChecker, type PreparedRow } from './import-check';
import { ImportWriter } from './import-write';
import type { SheetRow } from './sheet';

export interface ImportOptions {
  dryRun: boolean;
  op: { method: string; path: string };
  /** Ties the history entries of the rows to the import (its job, or a fresh id). */
  importId: string;
  /** Rows handled so far. */
  onProgress?: (processed: number) => void;
}

export interface ImportOutcome {
  /** Data rows read. */
  total: number;
  inserted: number;
  updated: number;
  errors: ImportRowError[];
}

/**
 * Rows checked (and written) together. Larger chunks make fewer statements; but a chunk's objects
 * live until it is written, and past about a thousand rows they outlive the young generation and
 * are left to the old one's slower collections: at 2,000 rows an import of 100,000 rows × 20 columns
 * held some 100 MB more at its peak for no gain in time.
 */
const CHUNK = 1000;

/** Thrown inside the transaction to roll it back when a row failed. */
class Failed extends Error {}

/** Groups the sheet's batches into chunks of about CHUNK rows. */
async function* chunks(batches: AsyncIterable<SheetRow[]>): AsyncGenerator<SheetRow[]> {
  let chunk: SheetRow[] = [];
  for await (const batch of batches) {
    for (const r of batch) chunk.push(r);
    if (chunk.length >= CHUNK) {
      // Let other requests in between chunks: on the embedded database a statement's answer comes
      // back without passing through the event loop, so a long import would otherwise never yield.
      await new Promise((resolve) => setImmediate(resolve));
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

export async function importRows(
  service: ResourceService,
  caller: Caller,
  tr: Translator,
  headers: string[],
  batches: AsyncIterable<SheetRow[]>,
  opts: ImportOptions,
): Promise<ImportOutcome> {
  const checker = await ImportChecker.open(service, caller, tr, headers);
  const outcome: ImportOutcome = { total: 0, inserted: 0, updated: 0, errors: [] };
  if (!checker) {
    outcome.errors.push(ImportChecker.missingColumn(service.def, tr));
    return outcome;
  }
  /** Checks each chunk as it is read and hands its rows to `take` while no row of the file has failed. */
  const pass = async (
    db: Db,
    take: (rows: PreparedRow[]) => Promise<void> | void,
    progress: (checked: number) => void,
  ) => {
    // A chunk is taken (written) while the next is checked: the database works while this thread
    // does. (The next chunk's reads cannot see this one's rows, and need not: a code or unique value
    // repeated from an earlier chunk is already an error of the file.)
    let taking: Promise<void> = Promise.resolve();
    for await (const chunk of chunks(batches)) {
      const checked = await checker.check(db, chunk);
      await taking;
      outcome.total += chunk.length;
      for (const e of checked.errors) outcome.errors.push(e);
      if (outcome.errors.length === 0) {
        taking = Promise.resolve(take(checked.rows));
        // Awaited before the next chunk and at the end; not left unhandled meanwhile.
        taking.catch(() => undefined);
      }
      progress(outcome.total);
    }
    await taking;
  };

  /** Runs `fill` with a writer in the import's one transaction, rolled back when a row failed. */
  const writeAll = async (fill: (trx: Db, writer: ImportWriter) => Promise<void>) => {
    forgetEstimates(service.def.table);
    try {
      await service.db.transaction().execute(async (trx) => {
        const writer = new ImportWriter(service, caller, opts.importId);
        await fill(trx, writer);
        if (outcome.errors.length > 0) throw new Failed();
        await logOperation(trx, caller, {
          type: 'import',
          method: opts.op.method,
          path: opts.op.path,
          resource: service.def.name,
          ids: writer.ids,
        });
        outcome.inserted = writer.inserted;
        outcome.updated = writer.updated;
      });
      await settleImportKeys(service.db);
    } catch (err) {
      if (!(err instanceof Failed)) throw err;
    }
  };

  const progress = (n: number) => opts.onProgress?.(n);
  if (opts.dryRun) {
    await pass(
      service.db,
      (rows) => {
        for (const r of rows) {
          if (r.exists) outcome.updated++;
          else outcome.inserted++;
        }
      },
      progress,
    );
  } else if (isEmbedded(service.db)) {
    const checked: PreparedRow[][] = [];
    await pass(
      service.db,
      (rows) => {
        checked.push(rows);
      },
      (n) => progress(Math.floor(n / 2)),
    );
    if (outcome.errors.length === 0) {
      await writeAll(async (trx, writer) => {
        let written = 0;
        for (const rows of checked) {
          await writer.write(trx, rows);
          written += rows.length;
          progress(Math.floor(outcome.total / 2 + written / 2));
        }
      });
    }
  } else {
    await writeAll((trx, writer) => pass(trx, (rows) => writer.write(trx, rows), progress));
  }
  if (outcome.errors.length > 0) {
    outcome.inserted = 0;
    outcome.updated = 0;
    outcome.errors.sort((a, b) => a.row - b.row);
  }
  return outcome;
}
