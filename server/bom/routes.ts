/**
 * Bills of materials: /api/basic-system/bom… (tenant-scoped). Not a resource of the engine: a line's
 * key is (parent, line number) and every write must keep the graph free of loops, so the BOM has its
 * own routes and store (server/bom/), reusing the engine's sheet reader, operation log and errors.
 * Writes of a tenant's BOM are serialised by an advisory lock: two writers cannot each add half of a
 * loop (A → B and B → A) after each checked the other's absence.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  BOM_LABELS,
  explode,
  roundQuantity,
  totals,
  whereUsed,
  type BomLineRow,
  type BomMaterial,
} from '../../model/bom';
import { bom } from '../../model/contract/bom';
import { IMPORT_MAX_BYTES } from '../../model/engine';
import type { DB } from '../db/types';
import { ApiError, ValidatedError, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { XLSX_TYPE, attachment } from '../engine/io/export';
import { readSheet, type Sheet } from '../engine/io/sheet';
import { readUploadedFile } from '../engine/io/upload';
import { Background } from '../engine/background';
import { ImportJobs } from '../engine/io/jobs';
import { logOperation, requestLine } from '../engine/oplog';
import { actorOf } from '../audit/write';
import { recordRows } from '../audit/record';
import { serve } from '../serve';
import { callerOf } from '../engine/scope';
import { bomBook, checkImport, errorReport } from './sheet';
import {
  allLines,
  bomDb,
  buildTree,
  cycleThrough,
  lineById,
  linesAbove,
  linesBelow,
  lockBom,
  materialsById,
  pathDown,
  toRow,
  unitExists,
  type BomDb,
  type StoredLine,
} from './store';
import { materialChoices, productsPage } from './pages';
import { deleteLines, insertLines, siblingLines, updateLine, type LineValues } from './writes';

/** A 400 naming one field, its message in the caller's language. */
function fieldError(
  tr: Translator,
  field: keyof typeof BOM_LABELS,
  key: string,
  params: Record<string, unknown> = {},
): ValidatedError {
  const message = tr.tm(key, { field: tr.tm(BOM_LABELS[field]), ...params });
  return new ValidatedError(message, { errors: [{ field, key, message }] });
}

async function material(db: BomDb, tenantId: string, id: string): Promise<BomMaterial> {
  const m = (await materialsById(db, tenantId, [id])).get(id);
  if (!m) throw new ApiError(404, 'error.notFound');
  return m;
}

async function rowsOf(db: BomDb, tenantId: string, lines: readonly StoredLine[]): Promise<BomLineRow[]> {
  const materials = await materialsById(
    db,
    tenantId,
    lines.map((l) => l.componentId),
  );
  return lines.map((l) => toRow(l, materials));
}

/** The checks of an added or edited line, inside the locked transaction. */
async function checkLine(
  db: BomDb,
  ctx: RequestContext,
  tr: Translator,
  parentId: string,
  v: LineValues,
  editing?: string,
): Promise<void> {
  const found = await materialsById(db, ctx.tenantId, [parentId, v.componentId]);
  if (!found.has(parentId)) throw fieldError(tr, 'parentId', 'validation.reference');
  if (!found.has(v.componentId)) throw fieldError(tr, 'componentId', 'validation.reference');
  if (v.dosageUnitId && !(await unitExists(db, ctx.tenantId, v.dosageUnitId)))
    throw fieldError(tr, 'dosageUnitId', 'validation.reference');
  const siblings = await siblingLines(db, ctx.tenantId, parentId);
  const others = siblings.filter((s) => s.id !== editing);
  if (others.some((s) => Number(s.line_no) === v.lineNo))
    throw fieldError(tr, 'lineNo', 'validation.bomLineTaken', { line: v.lineNo });
  const twice = others.find((s) => s.component_material_id === v.componentId);
  if (twice) throw fieldError(tr, 'componentId', 'validation.bomComponentTwice', { line: twice.line_no });
  const loop = await cycleThrough(db, ctx.tenantId, parentId, v.componentId, editing);
  if (loop) {
    const codes = await materialsById(db, ctx.tenantId, loop);
    throw fieldError(tr, 'componentId', 'validation.bomCycle', {
      path: loop.map((id) => codes.get(id)?.code ?? id).join(' → '),
    });
  }
}

async function readUpload(
  request: import('fastify').FastifyRequest,
): Promise<{ sheet: Sheet; file: Buffer; fileName: string }> {
  const { file, fileName } = await readUploadedFile(request);
  return { sheet: await readSheet(file, undefined, fileName ?? ''), file, fileName: fileName ?? 'bom.xlsx' };
}

/** The entity name of BOM lines in history. */
const BOM_ENTITY = 'bom-line';
/** A line named in history by its line number (its parent and component ids are resolved by the screen). */
const lineCode = (l: StoredLine | null) => (l ? String(l.lineNo) : null);

export async function bomRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): Promise<void> {
  const plain = opts.db;
  const db = bomDb(plain);
  // Failed imports keep their file in the engine's import_job table, so the report can be fetched by GET.
  const jobs = new ImportJobs(plain, new Background());
  const fileName = (tr: Translator, suffix: string) => {
    const name = `${tr.tm('bom._title')}${suffix}.xlsx`;
    return attachment(name, `bom${suffix ? '-file' : ''}.xlsx`);
  };

  serve(app, bom.products, ({ ctx, query }) => productsPage(db, ctx.tenantId, query));
  serve(app, bom.materials, ({ ctx, query }) => materialChoices(db, ctx.tenantId, query));

  serve(app, bom.tree, async ({ ctx, query }) => {
    const root = await material(db, ctx.tenantId, query.materialId);
    const lines = await linesBelow(db, ctx.tenantId, root.id);
    const materials = await materialsById(
      db,
      ctx.tenantId,
      lines.map((l) => l.componentId),
    );
    return { material: root, children: buildTree(lines, root.id, materials) };
  });

  serve(app, bom.addLine, async ({ request, ctx, tr, body }) => {
    const id = await plain.transaction().execute(async (trx) => {
      await lockBom(trx, ctx.tenantId);
      const t = bomDb(trx);
      await checkLine(t, ctx, tr, body.parentId, body);
      const [made] = await insertLines(trx, ctx.tenantId, ctx.user.id, [body]);
      await logOperation(trx, callerOf(ctx), {
        type: 'add',
        method: 'POST',
        path: request.url,
        resource: 'bom',
        ids: [made!],
      });
      const after = await lineById(t, ctx.tenantId, made!);
      await recordRows(trx, actorOf(ctx), BOM_ENTITY, 'create', [
        { id: made!, code: lineCode(after), before: null, after },
      ]);
      return made!;
    });
    const line = (await lineById(db, ctx.tenantId, id))!;
    return (await rowsOf(db, ctx.tenantId, [line]))[0]!;
  });

  serve(app, bom.updateLine, async ({ request, ctx, tr, params, body }) => {
    await plain.transaction().execute(async (trx) => {
      await lockBom(trx, ctx.tenantId);
      const t = bomDb(trx);
      const line = await lineById(t, ctx.tenantId, params.id);
      if (!line) throw new ApiError(404, 'error.notFound');
      await checkLine(t, ctx, tr, line.parentId, body, line.id);
      await updateLine(trx, ctx.tenantId, ctx.user.id, line.id, body);
      await logOperation(trx, callerOf(ctx), {
        type: 'edit',
        method: 'PUT',
        path: request.url,
        resource: 'bom',
        ids: [line.id],
      });
      const after = await lineById(t, ctx.tenantId, line.id);
      await recordRows(trx, actorOf(ctx), BOM_ENTITY, 'update', [
        { id: line.id, code: lineCode(after), before: line, after },
      ]);
    });
    const line = (await lineById(db, ctx.tenantId, params.id))!;
    return (await rowsOf(db, ctx.tenantId, [line]))[0]!;
  });

  serve(app, bom.deleteLines, async ({ request, ctx, body }) => {
    const ids = [...new Set(body.ids)];
    if (ids.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw new ApiError(404, 'error.notFound');
    await plain.transaction().execute(async (trx) => {
      await lockBom(trx, ctx.tenantId);
      const t = bomDb(trx);
      const before = (await Promise.all(ids.map((id) => lineById(t, ctx.tenantId, id)))).filter((l) => l !== null);
      const found = await deleteLines(trx, ctx.tenantId, ids);
      if (found.length !== ids.length) throw new ApiError(404, 'error.notFound');
      await logOperation(trx, callerOf(ctx), {
        type: 'delete',
        method: 'DELETE',
        path: request.url,
        resource: 'bom',
        ids,
      });
      await recordRows(
        trx,
        actorOf(ctx),
        BOM_ENTITY,
        'delete',
        before.map((l) => ({ id: l.id, code: lineCode(l), before: l, after: null })),
      );
    });
    return { deleted: ids.length };
  });

  serve(app, bom.explode, async ({ ctx, query }) => {
    const root = await material(db, ctx.tenantId, query.materialId);
    const lines = await linesBelow(db, ctx.tenantId, root.id);
    const materials = await materialsById(
      db,
      ctx.tenantId,
      lines.map((l) => l.componentId),
    );
    const byId = new Map(lines.map((l) => [l.id, l]));
    const graph = lines.map((l) => ({
      id: l.id,
      parent: l.parentId,
      child: l.componentId,
      dosage: l.dosage,
      lossRate: l.lossRate,
      serialNumber: l.lineNo,
    }));
    const exploded = explode(graph, root.id, query.quantity);
    const mat = (id: string) => materials.get(id) ?? { id, code: '?', name: '?', type: '', unitCode: null };
    const rows = exploded.map((e) => {
      const line = byId.get(e.path[e.path.length - 1]!)!;
      return {
        lineId: line.id,
        level: e.level,
        path: [root.code, ...e.path.map((lid) => mat(byId.get(lid)!.componentId).code)],
        component: mat(e.child),
        dosage: line.dosage,
        lossRate: line.lossRate,
        dosageUnitCode: line.dosageUnitCode,
        quantity: roundQuantity(e.quantity),
      };
    });
    const sums = totals(exploded)
      .map((t) => ({ component: mat(t.child), quantity: roundQuantity(t.quantity), lowLevel: t.lowLevel }))
      .sort((a, b) => a.lowLevel - b.lowLevel || a.component.code.localeCompare(b.component.code));
    return { material: root, quantity: query.quantity, rows, totals: sums };
  });

  serve(app, bom.whereUsed, async ({ ctx, query }) => {
    const target = await material(db, ctx.tenantId, query.materialId);
    const lines = await linesAbove(db, ctx.tenantId, target.id);
    const used = whereUsed(
      lines.map((l) => ({
        id: l.id,
        parent: l.parentId,
        child: l.componentId,
        dosage: l.dosage,
        lossRate: l.lossRate,
        serialNumber: l.lineNo,
      })),
      target.id,
    );
    const materials = await materialsById(
      db,
      ctx.tenantId,
      used.map((u) => u.parent),
    );
    const codes = new Map<string, string>([
      ...[...materials.values()].map((m): [string, string] => [m.id, m.code]),
      [target.id, target.code],
    ]);
    const rows = used
      .filter((u) => materials.has(u.parent))
      .map((u) => ({
        parent: materials.get(u.parent)!,
        level: u.level,
        path: (pathDown(lines, u.parent, target.id) ?? []).map((id) => codes.get(id) ?? id),
      }))
      .sort((a, b) => a.level - b.level || a.parent.code.localeCompare(b.parent.code));
    return { material: target, rows };
  });

  serve(app, bom.export, async ({ request, reply, ctx, tr, query }) => {
    const lines = query.materialId
      ? (await material(db, ctx.tenantId, query.materialId), await linesBelow(db, ctx.tenantId, query.materialId))
      : await allLines(db, ctx.tenantId);
    const materials = await materialsById(
      db,
      ctx.tenantId,
      lines.flatMap((l) => [l.parentId, l.componentId]),
    );
    const code = (id: string) => materials.get(id)?.code ?? '';
    const sorted = [...lines].sort((a, b) => code(a.parentId).localeCompare(code(b.parentId)) || a.lineNo - b.lineNo);
    const bytes = await bomBook(
      sorted.map((l) => ({
        parentCode: code(l.parentId),
        lineNo: l.lineNo,
        componentCode: code(l.componentId),
        dosage: l.dosage,
        unitCode: l.dosageUnitCode,
        lossRate: l.lossRate,
        priority: l.priority,
        ecnNumber: l.ecnNumber,
      })),
      tr,
    );
    await logOperation(plain, callerOf(ctx), {
      type: 'export',
      ...requestLine(request),
      resource: 'bom',
      ids: [],
      count: lines.length,
    });
    return reply
      .code(200)
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', fileName(tr, ''))
      .send(bytes);
  });

  serve(app, bom.template, async ({ reply, tr }) => {
    const bytes = await bomBook([], tr);
    return reply
      .code(200)
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', fileName(tr, `-${tr.t('resource.template')}`))
      .send(bytes);
  });

  serve(app, bom.importReport, async ({ reply, ctx, tr, params }) => {
    const job = await jobs.report(callerOf(ctx), 'bom', params.id);
    if (!job) throw new ApiError(404, 'error.notFound');
    const bytes = await errorReport(await readSheet(job.file, undefined, job.fileName), job.result?.errors ?? [], tr);
    return reply
      .code(200)
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', fileName(tr, `-${tr.t('resource.import.reportName')}`))
      .send(bytes);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
    });

    serve(scope, bom.import, async ({ request, ctx, tr }) => {
      const { sheet, file, fileName } = await readUpload(request);
      const result = await plain.transaction().execute(async (trx) => {
        await lockBom(trx, ctx.tenantId);
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
        await logOperation(trx, callerOf(ctx), {
          type: 'import',
          method: 'POST',
          path: request.url,
          resource: 'bom',
          ids,
        });
        // A replaced line is written anew (a new id): its entry shows the values it replaced.
        const importId = randomUUID();
        const written = new Map((await allLines(t, ctx.tenantId)).map((l) => [l.id, l]));
        await recordRows(
          trx,
          actorOf(ctx),
          BOM_ENTITY,
          'import',
          ids.map((id, i) => {
            const after = written.get(id) ?? null;
            const was = check.lines[i]?.replaces;
            return { id, code: lineCode(after), before: was ? (previous.get(was) ?? null) : null, after };
          }),
          { importJobId: importId, keepEmpty: true },
        );
        return { ...base, inserted: check.lines.length - replaced.length, updated: replaced.length, importId };
      });
      if (result.errors.length) {
        const caller = callerOf(ctx);
        const stored = {
          dryRun: false,
          total: result.total,
          inserted: 0,
          updated: 0,
          errors: result.errors,
          reportId: null,
          jobId: null,
        };
        const reportId = await jobs.create({
          caller,
          resource: 'bom',
          fileName,
          file,
          status: 'failed',
          dryRun: false,
          language: tr.language,
          total: result.total,
          result: stored,
        });
        throw new ApiError(400, 'resource.import.failed', {
          ...result,
          errors: result.errors.slice(0, 1000),
          reportId,
          count: new Set(result.errors.map((e) => e.row)).size,
        });
      }
      return { ...result, reportId: null };
    });
  });
}
