/** Rendering a print template with data to PDF (the label a viewer or printer opens). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { rules } from '../../model/contract/rules';
import { templateToZpl } from '../../model/print/zpl';
import { parseDefaultContent, templateOf, type PrintData } from '../../model/print/template';
import { printTemplate } from '../../model/resources/print-template';
import type { DB } from '../db/types';
import { notFound } from '../http';
import { serve } from '../serve';
import { RuleError } from './errors';
import { renderPdf } from './print-render';
import { loadRow } from './store';

/** Most pages one render produces (records × copies): a label run, not a way to tie up the server. */
export const MAX_PAGES = 1000;

/** ASCII for the header's filename, the full name in filename* (RFC 5987). */
function inline(name: string, ext = 'pdf'): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'label';
  return `inline; filename="${ascii}.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}.${ext}`;
}

export function printRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  serve(app, rules.render, async ({ ctx, params, body, reply }) => {
    const row = await loadRow(db, printTemplate, ctx.tenantId, params.id);
    if (!row) throw notFound();
    const fallback: PrintData = parseDefaultContent(row.defaultContent as string | null) ?? {};
    const records: PrintData[] =
      body.data === undefined ? [fallback] : Array.isArray(body.data) ? body.data : [body.data];
    const copies = body.copies ?? (Number(row.defaultQuantity) || 1);
    if (records.length * copies > MAX_PAGES)
      throw new RuleError(400, 'rules.tooManyPages', { pages: records.length * copies, max: MAX_PAGES });
    if (body.format === 'zpl') {
      return reply
        .code(200)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', inline(String(row.code), 'zpl'))
        .send(templateToZpl(templateOf(row), records, copies));
    }
    const bytes = await renderPdf({ template: templateOf(row), records, copies, title: String(row.name) });
    return reply
      .code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', inline(String(row.code)))
      .send(Buffer.from(bytes));
  });
}
