/**
 * A tenant's languages and its overrides of shipped texts, each change with its history entry in the
 * transaction that makes it.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ParsedQuery } from '../../model/contract/endpoint';
import type { helper } from '../../model/contract/helper';
import type {
  LanguageOption,
  TranslationOverrides,
  TranslationRow,
  languagesInput,
  translationInput,
} from '../../model/helper';
import type { Page } from '../../model/api';
import { LANGUAGES, type Language } from '../../model/languages';
import { LANGUAGE_NAMES } from '../../model/catalogue';
import type { DB } from '../db/types';
import { ApiError, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { readSheet } from '../engine/io/sheet';
import { actorOf, writeHistory } from '../audit/write';
import { setTenantLanguages, tenantLanguages } from '../tenants/languages';
import { overrideProblem, overridesOf, setOverride } from './translations';
import { LANGUAGES_ENTITY, LANGUAGES_RECORD, translationEntries, type OverrideChange } from './translation-history';
import { translationPage } from './translation-list';
import { sheetWrites, translationBook } from './translation-sheet';

export class LanguageSettings {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly ctx: RequestContext,
  ) {}

  /** Every language of the portal, and whether the tenant offers it. */
  async languages(): Promise<LanguageOption[]> {
    const enabled = new Set(await tenantLanguages(this.db, this.ctx.tenantId));
    return LANGUAGES.map((l) => ({ dictKey: l, dictValue: LANGUAGE_NAMES[l] ?? l, enabled: enabled.has(l) }));
  }

  async setLanguages(requested: z.output<typeof languagesInput>['languages']): Promise<{ languages: Language[] }> {
    const { ctx } = this;
    // Kept in the portal's order, so the first offered language stays predictable.
    const languages = LANGUAGES.filter((l) => requested.includes(l));
    await this.db.transaction().execute(async (trx) => {
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
  }

  overrides(): Promise<TranslationOverrides> {
    return overridesOf(this.db, this.ctx.tenantId);
  }

  async translations(query: ParsedQuery<typeof helper.translations>): Promise<Page<TranslationRow>> {
    return translationPage(await this.overrides(), query);
  }

  /** Sets (an empty value: clears) one override; answers every override after. */
  async setTranslation(input: z.output<typeof translationInput>): Promise<TranslationOverrides> {
    const { ctx } = this;
    const problem = overrideProblem(input.language, input.namespace, input.key, input.value);
    if (problem) throw new ApiError(400, problem, { key: input.key });
    await this.db.transaction().execute(async (trx) => {
      const change = await setOverride(
        trx,
        ctx.tenantId,
        ctx.user.id,
        input.language,
        input.namespace,
        input.key,
        input.value,
      );
      await writeHistory(trx, actorOf(ctx), translationEntries('update', [change]));
    });
    return this.overrides();
  }

  async exportBook(): Promise<Buffer> {
    return translationBook(await this.overrides());
  }

  /** Takes an exported sheet back, all or nothing; answers its rows and the tenant's overrides after. */
  async importSheet(
    upload: { file: Buffer; fileName: string | null },
    tr: Translator,
  ): Promise<{ rows: number; overrides: number }> {
    const { ctx } = this;
    const sheet = await readSheet(upload.file, undefined, upload.fileName ?? '');
    const writes = sheetWrites(sheet, tr);
    await this.db.transaction().execute(async (trx) => {
      const changes: OverrideChange[] = [];
      for (const w of writes)
        changes.push(await setOverride(trx, ctx.tenantId, ctx.user.id, w.lang, w.ns, w.key, w.value));
      await writeHistory(trx, actorOf(ctx), translationEntries('import', changes));
    });
    const after = await this.overrides();
    return {
      rows: sheet.rows.length,
      overrides: Object.values(after.texts).reduce(
        (n, byNs) => n + Object.values(byNs ?? {}).reduce((m, keys) => m + Object.keys(keys ?? {}).length, 0),
        0,
      ),
    };
  }
}
