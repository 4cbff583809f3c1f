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
import type { ImportRowError } from '../../../model/resource';
import type { Translator } from '../../i18n';
import { forgetEstimates } from '../estimates';
import { logOperation } from '../oplog';
import type { Caller } from '../scope';
import type { ResourceService } from '../service';
import type { Db } from '../table';
import { isEmbedded } from '../../db/embedded';
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

/** Rows checked (and written) together: fewer, larger statements. */
const CHUNK = 2000;

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
  service: ResourceService, caller: Caller, tr: Translator, headers: string[], batches: AsyncIterable<SheetRow[]>, opts: ImportOptions,
): Promise<ImportOutcome> {
  const checker = await ImportChecker.open(service, caller, tr, headers);
  const outcome: ImportOutcome = { total: 0, inserted: 0, updated: 0, errors: [] };
  if (!checker) {
    outcome.errors.push(ImportChecker.missingColumn(service.def, tr));
    return outcome;
  }
  const pass = async (db: Db, writer: ImportWriter | null) => {
    // A chunk is written while the next is checked: the database works while this thread does.
    // (The next chunk's reads cannot see this one's rows, and need not: a code or unique value
    // repeated from an earlier chunk is already an error of the file.)
    let writing: Promise<void> = Promise.resolve();
    for await (const chunk of chunks(batches)) {
      const checked = await checker.check(db, chunk);
      await writing;
      outcome.total += chunk.length;
      for (const e of checked.errors) outcome.errors.push(e);
      if (writer && outcome.errors.length === 0) {
        writing = writer.write(db, checked.rows);
        // Awaited before the next write and at the end; not left unhandled meanwhile.
        writing.catch(() => undefined);
      } else if (!writer) {
        for (const r of checked.rows) {
          if (r.exists) outcome.updated++;
          else outcome.inserted++;
        }
      }
      opts.onProgress?.(outcome.total);
    }
    await writing;
  };

  if (opts.dryRun) {
    await pass(service.db, null);
  } else if (isEmbedded(service.db)) {
    const checked: PreparedRow[][] = [];
    for await (const chunk of chunks(batches)) {
      const c = await checker.check(service.db, chunk);
      outcome.total += chunk.length;
      for (const e of c.errors) outcome.errors.push(e);
      if (outcome.errors.length === 0) checked.push(c.rows);
      opts.onProgress?.(Math.floor(outcome.total / 2));
    }
    if (outcome.errors.length === 0) {
      forgetEstimates(service.def.table);
      await service.db.transaction().execute(async (trx) => {
        const writer = new ImportWriter(service, caller, opts.importId);
        let written = 0;
        for (const rows of checked) {
          await writer.write(trx, rows);
          written += rows.length;
          opts.onProgress?.(Math.floor(outcome.total / 2 + written / 2));
        }
        await logOperation(trx, caller, { type: 'import', method: opts.op.method, path: opts.op.path, resource: service.def.name, ids: writer.ids });
        outcome.inserted = writer.inserted;
        outcome.updated = writer.updated;
      });
    }
  } else {
    forgetEstimates(service.def.table);
    try {
      await service.db.transaction().execute(async (trx) => {
        const writer = new ImportWriter(service, caller, opts.importId);
        await pass(trx, writer);
        if (outcome.errors.length > 0) throw new Failed();
        await logOperation(trx, caller, { type: 'import', method: opts.op.method, path: opts.op.path, resource: service.def.name, ids: writer.ids });
        outcome.inserted = writer.inserted;
        outcome.updated = writer.updated;
      });
    } catch (err) {
      if (!(err instanceof Failed)) throw err;
    }
  }
  if (outcome.errors.length > 0) {
    outcome.inserted = 0;
    outcome.updated = 0;
    outcome.errors.sort((a, b) => a.row - b.row);
  }
  return outcome;
}
