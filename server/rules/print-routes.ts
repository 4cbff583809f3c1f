/** Rendering a print template with data to PDF (the label a viewer or printer opens). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import { renderTemplate, type PrintFont } from '../../model/print/render';
import { templateToZpl } from '../../model/print/zpl';
import { MAX_COPIES, PREVIEW_PERMISSION, parseDefaultContent, templateOf, type PrintData } from '../../model/print/template';
import { apiPath } from '../../model/resource';
import { printTemplate } from '../../model/resources/print-template';
import type { DB } from '../db/types';
import { notFound, route, uuidParam } from '../http';
import { RuleError } from './errors';
import { loadRow } from './store';

/** Most data records one render takes. */
export const MAX_RECORDS = 200;

/** A font with Chinese (and Vietnamese) glyphs for printed text: PRINT_FONT, else Debian's WenQuanYi Zen Hei when installed. */
const FONT_PATH = process.env.PRINT_FONT ?? '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const FONT_FACE = process.env.PRINT_FONT_FACE ?? (FONT_PATH.endsWith('wqy-zenhei.ttc') ? 'WenQuanYiZenHei' : undefined);
let fontLoad: Promise<PrintFont | undefined> | null = null;
function printFont(): Promise<PrintFont | undefined> {
  fontLoad ??= readFile(FONT_PATH).then((bytes) => ({ bytes, face: FONT_FACE }), () => undefined);
  return fontLoad;
}
/** Most pages one render produces (records × copies): a label run, not a way to tie up the server. */
export const MAX_PAGES = 1000;

const value = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
const record = z.record(z.string().max(64), value);

/** ASCII for the header's filename, the full name in filename* (RFC 5987). */
function inline(name: string, ext = 'pdf'): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'label';
  return `inline; filename="${ascii}.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}.${ext}`;
}

export function printRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  route(app, {
    method: 'POST',
    url: `${apiPath(printTemplate).replace(/^\/api/, '')}/:id/render`,
    summary: 'Renders a print template with data (default: its default content) to PDF (copies pages per record) or to ZPL',
    tags: ['print-template'],
    permission: PREVIEW_PERMISSION,
    params: z.object({ id: uuidParam }),
    body: z.object({
      data: z.union([record, z.array(record).min(1).max(MAX_RECORDS)]).optional(),
      copies: z.coerce.number().int().min(1).max(MAX_COPIES).optional(),
      /** `zpl`: the label printer's commands instead of a PDF. */
      format: z.enum(['pdf', 'zpl']).default('pdf'),
    }),
    labels: { copies: 'printTemplate.defaultQuantity', data: 'printTemplate.defaultContent' },
    handler: async ({ ctx, params, body, reply }) => {
      const row = await loadRow(db, printTemplate, ctx.tenantId, params.id);
      if (!row) throw notFound();
      const fallback: PrintData = parseDefaultContent(row.defaultContent as string | null) ?? {};
      const records: PrintData[] = body.data === undefined ? [fallback] : Array.isArray(body.data) ? body.data : [body.data];
      const copies = body.copies ?? (Number(row.defaultQuantity) || 1);
      if (records.length * copies > MAX_PAGES) throw new RuleError(400, 'rules.tooManyPages', { pages: records.length * copies, max: MAX_PAGES });
      if (body.format === 'zpl') {
        return reply.code(200).header('content-type', 'text/plain; charset=utf-8').header('content-disposition', inline(String(row.code), 'zpl'))
          .send(templateToZpl(templateOf(row), records, copies));
      }
      const bytes = await renderTemplate(templateOf(row), records, { copies, title: String(row.name), font: await printFont() });
      return reply.code(200).header('content-type', 'application/pdf').header('content-disposition', inline(String(row.code))).send(Buffer.from(bytes));
    },
  });
}
