/**
 * Language maintenance (SPEC §2 `helper/language`): the languages a tenant offers (the corp info's
 * list that `cope` answers and the shell obeys) and the tenant's overrides of any shipped text,
 * exported and imported as a key × language sheet for translators.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { helper } from '../../model/contract/helper';
import {
  OVERRIDABLE_NAMESPACES,
  type OverridableNamespace,
  type TranslationOverrides,
  type TranslationRow,
} from '../../model/helper';
import { LANGUAGES, isLanguage, type Language } from '../../model/languages';
import { LANGUAGE_NAMES } from '../../model/catalogue';
import type { DB } from '../db/types';
import { ApiError } from '../http';
import { XLSX_TYPE, attachment } from '../engine/io/export';
import { readSheet } from '../engine/io/sheet';
import { readUploadedFile } from '../engine/io/upload';
import { keysOf, overrideProblem, overridesOf, setOverride, shippedText } from './translations';
import { setTenantLanguages, tenantLanguages } from '../tenants/languages';
import { serve } from '../serve';
import { todayFor } from '../dates';
import { actorOf, writeHistory } from '../audit/write';
import { LANGUAGES_ENTITY, LANGUAGES_RECORD, translationEntries, type OverrideChange } from './translation-history';

const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

interface Entry {
  namespace: OverridableNamespace;
  key: string;
}

function allEntries(namespace?: OverridableNamespace): Entry[] {
  return (namespace ? [namespace] : OVERRIDABLE_NAMESPACES).flatMap((ns) =>
    keysOf(ns).map((key) => ({ namespace: ns, key })),
  );
}

function rowOf(e: Entry, overrides: TranslationOverrides): TranslationRow {
  const shipped: TranslationRow['shipped'] = {};
  const override: TranslationRow['override'] = {};
  for (const lang of LANGUAGES) {
    const s = shippedText(lang, e.namespace, e.key);
    if (s !== undefined) shipped[lang] = s;
    const o = overrides.texts[lang]?.[e.namespace]?.[e.key];
    if (o !== undefined) override[lang] = o;
  }
  return { namespace: e.namespace, key: e.key, shipped, override };
}

export async function helperLanguageRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): Promise<void> {
  const { db } = opts;

  serve(app, helper.languages, async ({ ctx }) => {
    const enabled = new Set(await tenantLanguages(db, ctx.tenantId));
    return LANGUAGES.map((l) => ({ dictKey: l, dictValue: LANGUAGE_NAMES[l] ?? l, enabled: enabled.has(l) }));
  });

  serve(app, helper.setLanguages, async ({ ctx, body }) => {
    // Kept in the portal's order, so the first offered language stays predictable.
    const languages = LANGUAGES.filter((l) => body.languages.includes(l));
    await db.transaction().execute(async (trx) => {
      const before = await setTenantLanguages(trx, ctx.tenantId, languages);
      const was = before.languages;
      if (was.join(',') === languages.join(',')) return;
      await writeHistory(trx, actorOf(ctx), [
        {
          action: 'update',
          entity: LANGUAGES_ENTITY,
          recordId: LANGUAGES_RECORD,
          recordCode: before.code,
          changes: [{ field: 'languages', before: was, after: languages }],
        },
      ]);
    });
    return { languages };
  });

  serve(app, helper.translations, async ({ ctx, query }) => {
    const overrides = await overridesOf(db, ctx.tenantId);
    const needle = query.keyword?.toLowerCase();
    const rows = allEntries(query.namespace)
      .map((e) => rowOf(e, overrides))
      .filter((r) => {
        if (query.overridden === '1' && Object.keys(r.override).length === 0) return false;
        if (!needle) return true;
        return (
          r.key.toLowerCase().includes(needle) ||
          Object.values(r.shipped).some((s) => s?.toLowerCase().includes(needle)) ||
          Object.values(r.override).some((s) => s?.toLowerCase().includes(needle))
        );
      });
    return {
      records: rows.slice((query.page - 1) * query.size, query.page * query.size),
      total: rows.length,
      page: query.page,
      size: query.size,
    };
  });

  serve(app, helper.setTranslation, async ({ ctx, body }) => {
    const problem = overrideProblem(body.language, body.namespace, body.key, body.value);
    if (problem) throw new ApiError(400, problem, { key: body.key });
    await db.transaction().execute(async (trx) => {
      const change = await setOverride(
        trx,
        ctx.tenantId,
        ctx.user.id,
        body.language,
        body.namespace,
        body.key,
        body.value,
      );
      await writeHistory(trx, actorOf(ctx), translationEntries('update', [change]));
    });
    return overridesOf(db, ctx.tenantId);
  });

  serve(app, helper.overrides, async ({ ctx }) => overridesOf(db, ctx.tenantId));

  serve(app, helper.exportTranslations, async ({ ctx, reply, request }) => {
    const overrides = await overridesOf(db, ctx.tenantId);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('translations');
    sheet.addRow(['namespace', 'key', ...LANGUAGES]);
    for (const e of allEntries()) {
      const r = rowOf(e, overrides);
      sheet.addRow([e.namespace, e.key, ...LANGUAGES.map((l) => r.override[l] ?? r.shipped[l] ?? '')]);
    }
    sheet.columns.forEach((c, i) => {
      c.width = i < 2 ? 28 : 40;
    });
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const date = todayFor(request);
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment(`translations-${date}.xlsx`, `translations-${date}.xlsx`));
    return reply.send(buffer);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
    serve(scope, helper.importTranslations, async ({ ctx, request, tr }) => {
      const { file, fileName } = await readUploadedFile(request);
      const sheet = await readSheet(file, undefined, fileName ?? '');
      const headers = sheet.headers.map((h) => String(h ?? '').trim());
      const col = (name: string) => headers.indexOf(name);
      if (col('namespace') < 0 || col('key') < 0) throw new ApiError(400, 'helper.importHeaders');
      const langCols = LANGUAGES.map((l) => [l, col(l)] as const).filter(([, i]) => i >= 0);
      const errors: { row: number; message: string }[] = [];
      const writes: { lang: Language; ns: OverridableNamespace; key: string; value: string }[] = [];
      for (const r of sheet.rows) {
        const cell = (i: number) => (r.cells[i] === null || r.cells[i] === undefined ? '' : String(r.cells[i]));
        const ns = cell(col('namespace')).trim();
        const key = cell(col('key')).trim();
        if (!ns && !key) continue;
        if (!(OVERRIDABLE_NAMESPACES as readonly string[]).includes(ns)) {
          errors.push({ row: r.row, message: tr.t('helper.unknownKey', { key: `${ns}:${key}` }) });
          continue;
        }
        for (const [lang, i] of langCols) {
          if (!isLanguage(lang)) continue;
          const value = cell(i);
          const problem = overrideProblem(lang, ns as OverridableNamespace, key, value);
          if (problem) {
            errors.push({ row: r.row, message: `${lang}: ${tr.t(problem, { key })}` });
            continue;
          }
          if (value !== '') writes.push({ lang, ns: ns as OverridableNamespace, key, value });
        }
      }
      if (errors.length > 0)
        throw new ApiError(400, 'helper.importFailed', { errors, count: new Set(errors.map((e) => e.row)).size });
      await db.transaction().execute(async (trx) => {
        const changes: OverrideChange[] = [];
        for (const w of writes)
          changes.push(await setOverride(trx, ctx.tenantId, ctx.user.id, w.lang, w.ns, w.key, w.value));
        await writeHistory(trx, actorOf(ctx), translationEntries('import', changes));
      });
      const after = await overridesOf(db, ctx.tenantId);
      return {
        rows: sheet.rows.length,
        overrides: Object.values(after.texts).reduce(
          (n, byNs) => n + Object.values(byNs ?? {}).reduce((m, keys) => m + Object.keys(keys ?? {}).length, 0),
          0,
        ),
      };
    });
  });
}
