/** Issuing codes from encoding rules: generate (reserve N), preview (saved or unsaved rule), the audit search. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { EncodingContextInput, rules } from '../../model/contract/rules';
import { inputSchema } from '../../model/engine';
import { encodingRule } from '../../model/resources/encoding-rule';
import {
  compileEncodingRule,
  counterKey,
  type CompiledRule,
  type EncodingContext,
  type EncodingRuleInput,
} from '../../model/rules';
import type { DB } from '../db/types';
import { notFound, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { invalid, issueErrors } from '../engine/errors';
import { serve } from '../serve';
import { issued } from './counter';
import { resolveContext } from './context';
import { compileStored, format, issueCodes, left } from './issue';
import { issuedPage, loadRow } from './store';

export const contextSchema = EncodingContextInput;

async function storedRule(
  db: Kysely<DB>,
  ctx: RequestContext,
  id: string,
): Promise<{ row: Record<string, unknown>; rule: CompiledRule }> {
  const row = await loadRow(db, encodingRule, ctx.tenantId, id);
  if (!row) throw notFound();
  return { row, rule: compileStored(row) };
}

function preview(
  rule: CompiledRule,
  done: bigint,
  count: number,
  ctx: EncodingContext,
): { codes: string[]; remaining: string } {
  const rest = left(rule, done);
  const n = rest < BigInt(count) ? Number(rest) : count;
  return { codes: format(rule, done, n, ctx), remaining: rest.toString() };
}

export function encodingRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  // The busiest call of all (a line asks for codes one at a time): the held caller is confirmed by
  // the batch's own transaction instead of a read of its own first.
  serve(
    app,
    rules.generate,
    async ({ ctx, params, body, request }) => issueCodes(db, ctx, request, params.id, body.count, body.context),
    { confirmsAuth: 'handler' },
  );

  serve(app, rules.preview, async ({ ctx, params, query, request }) => {
    const { rule } = await storedRule(db, ctx, params.id);
    const { count, ...context } = query;
    const { encoding, resolved } = await resolveContext(db, ctx, request, rule, context);
    const done = await issued(db, { tenantId: ctx.tenantId, ruleId: params.id, ...counterKey(rule, encoding) });
    return { ...preview(rule, done, count, encoding), context: resolved };
  });

  const ruleSchema = inputSchema(encodingRule);
  serve(app, rules.previewUnsaved, async ({ ctx, body, request, tr }) => {
    // The name does not change the codes: an unnamed draft previews too.
    const input = { ...body.rule, name: 'PREVIEW' };
    const parsed = ruleSchema.safeParse(input, { reportInput: true });
    if (!parsed.success) throw ruleInvalid(parsed.error.issues, tr, input);
    const rule = compileEncodingRule(parsed.data as unknown as EncodingRuleInput);
    const { encoding, resolved } = await resolveContext(db, ctx, request, rule, body.context);
    return { ...preview(rule, 0n, body.count, encoding), context: resolved };
  });

  serve(app, rules.issued, async ({ ctx, query }) => {
    const { rows, total } = await issuedPage(db, ctx.tenantId, query, query);
    return {
      records: rows.map((r) => ({
        code: r.code,
        ruleId: r.rule_id,
        ruleName: r.rule_name,
        factoryCode: r.factory_code,
        lineCode: r.line_code,
        period: r.period,
        date: r.issue_date,
        batchId: r.batch_id,
        account: r.account,
        issuedAt: new Date(r.issued_at).toISOString(),
      })),
      total,
      page: query.page,
      size: query.size,
    };
  });
}

/** A 400 naming the rule's fields (`rule.startCode`), messages as the engine words them. */
function ruleInvalid(issues: Parameters<typeof issueErrors>[1], tr: Translator, input: unknown) {
  return invalid(
    issueErrors(encodingRule, issues, tr, {}, input).map((e) => ({ ...e, field: `rule.${e.field}` })),
    tr,
  );
}
