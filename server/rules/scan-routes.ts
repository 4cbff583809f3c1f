/** The scan-rule parser as an API, for scanners, other domains and the test panel (saved or unsaved rule). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { rules } from '../../model/contract/rules';
import { inputSchema } from '../../model/engine';
import { scanRule } from '../../model/resources/scan-rule';
import { parseBarcode, scanRuleShapeIssues, type ScanResult, type ScanRuleInput } from '../../model/rules';
import type { DB } from '../db/types';
import { notFound } from '../http';
import type { Translator } from '../i18n';
import { invalid, issueErrors } from '../engine/errors';
import { serve } from '../serve';
import { RuleError } from './errors';
import { guardedMatch } from './regex';
import { loadRow } from './store';

/** The verdict with each reason's message in the caller's language. */
function localised(result: ScanResult, tr: Translator): ScanResult {
  return { ...result, errors: result.errors.map((e) => ({ ...e, message: tr.tm(e.key, e.params) })) };
}

export function scanRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, rules.parse, async ({ ctx, params, body, tr }) => {
    const row = await loadRow(db, scanRule, ctx.tenantId, params.id);
    if (!row) throw notFound();
    if (scanRuleShapeIssues(row).length > 0) throw new RuleError(409, 'rules.ruleInvalid', { name: String(row.code) });
    return localised(parseBarcode(row as unknown as ScanRuleInput, body.barcode, guardedMatch), tr);
  });

  // Without the test vectors: the panel tries barcodes before the rule (and its vectors) is saved.
  const ruleSchema = inputSchema({ ...scanRule, rules: scanRuleShapeIssues });
  serve(app, rules.parseUnsaved, async ({ body, tr }) => {
    // Code and name do not change how a barcode parses: a draft without them is tried too.
    const input = { ...body.rule, code: 'DRAFT', name: 'DRAFT', testVectors: [] };
    const parsed = ruleSchema.safeParse(input, { reportInput: true });
    if (!parsed.success) {
      throw invalid(
        issueErrors(scanRule, parsed.error.issues, tr, {}, input).map((e) => ({ ...e, field: `rule.${e.field}` })),
        tr,
      );
    }
    return localised(parseBarcode(parsed.data as unknown as ScanRuleInput, body.barcode, guardedMatch), tr);
  });
}
