/**
 * The writes of BOM lines (add, edit, delete) with their checks, and the export. Each write runs
 * under the tenant's BOM lock, with its operation log row and history entries in the same transaction.
 */
import type { Kysely } from 'kysely';
import { BOM_LABELS, type BomLineRow } from '../../model/bom';
import type { DB } from '../db/types';
import { ApiError, ValidatedError, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import { logLines, recordLines, type SentRequest } from './history';
import { bomBook } from './sheet';
import { bomDb, cycleThrough, lineById, materialsById, toRow, unitExists, type BomDb } from './store';
import { exportLines } from './views';
import { deleteLines, insertLines, siblingLines, underBomLock, updateLine, type LineValues } from './writes';

/** What a BOM call brings: its caller, their language, and the request its writes are logged under. */
export interface BomCall {
  ctx: RequestContext;
  tr: Translator;
  request: SentRequest;
}

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

export class BomService {
  private readonly read: BomDb;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly call: BomCall,
  ) {
    this.read = bomDb(db);
  }

  private get tenantId(): string {
    return this.call.ctx.tenantId;
  }

  async addLine(line: LineValues & { parentId: string }): Promise<BomLineRow> {
    const { ctx, request } = this.call;
    const id = await underBomLock(this.db, this.tenantId, async (trx) => {
      const t = bomDb(trx);
      await this.checkLine(t, line.parentId, line);
      const [made] = await insertLines(trx, this.tenantId, ctx.user.id, [line]);
      await logLines(trx, ctx, request, 'add', [made!]);
      const after = await lineById(t, this.tenantId, made!);
      await recordLines(trx, ctx, 'create', [{ id: made!, before: null, after }]);
      return made!;
    });
    return this.rowOf(id);
  }

  /** Edits line `id`: the whole line but its parent. */
  async updateLine(id: string, values: LineValues): Promise<BomLineRow> {
    const { ctx, request } = this.call;
    await underBomLock(this.db, this.tenantId, async (trx) => {
      const t = bomDb(trx);
      const line = await lineById(t, this.tenantId, id);
      if (!line) throw new ApiError(404, 'error.notFound');
      await this.checkLine(t, line.parentId, values, line.id);
      await updateLine(trx, this.tenantId, ctx.user.id, line.id, values);
      await logLines(trx, ctx, request, 'edit', [line.id]);
      const after = await lineById(t, this.tenantId, line.id);
      await recordLines(trx, ctx, 'update', [{ id: line.id, before: line, after }]);
    });
    return this.rowOf(id);
  }

  /** Deletes every line of `ids`, or none (404) when one is not a line of the tenant. */
  async deleteLines(ids: readonly string[]): Promise<{ deleted: number }> {
    const { ctx, request } = this.call;
    const unique = [...new Set(ids)];
    if (unique.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw new ApiError(404, 'error.notFound');
    await underBomLock(this.db, this.tenantId, async (trx) => {
      const t = bomDb(trx);
      const before = (await Promise.all(unique.map((id) => lineById(t, this.tenantId, id)))).filter((l) => l !== null);
      const found = await deleteLines(trx, this.tenantId, unique);
      if (found.length !== unique.length) throw new ApiError(404, 'error.notFound');
      await logLines(trx, ctx, request, 'delete', unique);
      await recordLines(
        trx,
        ctx,
        'delete',
        before.map((l) => ({ id: l.id, before: l, after: null })),
      );
    });
    return { deleted: unique.length };
  }

  /** The export's workbook (every level below `materialId`, or the tenant's whole BOM), logged as an export. */
  async exportBook(materialId: string | undefined): Promise<Buffer> {
    const { ctx, tr, request } = this.call;
    const lines = await exportLines(this.read, this.tenantId, materialId);
    const bytes = await bomBook(lines, tr);
    await logOperation(this.db, callerOf(ctx), {
      type: 'export',
      ...requestLine(request),
      resource: 'bom',
      ids: [],
      count: lines.length,
    });
    return bytes;
  }

  private async rowOf(id: string): Promise<BomLineRow> {
    const line = (await lineById(this.read, this.tenantId, id))!;
    const materials = await materialsById(this.read, this.tenantId, [line.componentId]);
    return toRow(line, materials);
  }

  /** The checks of an added or edited line, inside the locked transaction. */
  private async checkLine(db: BomDb, parentId: string, v: LineValues, editing?: string): Promise<void> {
    const { tr } = this.call;
    const found = await materialsById(db, this.tenantId, [parentId, v.componentId]);
    if (!found.has(parentId)) throw fieldError(tr, 'parentId', 'validation.reference');
    if (!found.has(v.componentId)) throw fieldError(tr, 'componentId', 'validation.reference');
    if (v.dosageUnitId && !(await unitExists(db, this.tenantId, v.dosageUnitId)))
      throw fieldError(tr, 'dosageUnitId', 'validation.reference');
    const siblings = await siblingLines(db, this.tenantId, parentId);
    const others = siblings.filter((s) => s.id !== editing);
    if (others.some((s) => Number(s.line_no) === v.lineNo))
      throw fieldError(tr, 'lineNo', 'validation.bomLineTaken', { line: v.lineNo });
    const twice = others.find((s) => s.component_material_id === v.componentId);
    if (twice) throw fieldError(tr, 'componentId', 'validation.bomComponentTwice', { line: twice.line_no });
    const loop = await cycleThrough(db, this.tenantId, parentId, v.componentId, editing);
    if (loop) {
      const codes = await materialsById(db, this.tenantId, loop);
      throw fieldError(tr, 'componentId', 'validation.bomCycle', {
        path: loop.map((id) => codes.get(id)?.code ?? id).join(' → '),
      });
    }
  }
}
