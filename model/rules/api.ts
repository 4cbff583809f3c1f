/**
 * What the rule routes answer (issue 6; declared in model/contract/rules.ts): issuing and previewing
 * codes of encoding rules, the audit of issued codes, and parsing barcodes by scan rules.
 *
 * The date a code is issued on is `context.date` (a local date) or, without it, today in the time
 * zone of the request's X-Timezone-Offset header; a rule that prints or resets by date answers 400
 * when it has neither. Exhaustion is 409 with `ExhaustedData`, nothing issued.
 */
import { z } from 'zod';
import { Day, Instant, Uuid } from '../contract/common';

/** Issuing codes is its own button permission: line operators draw codes without editing rules. */
export const GENERATE_PERMISSION = 'basic:encoding-rule:generate';

/** Most codes one call may reserve. */
export const MAX_GENERATE = 10_000;
/** Most codes a preview shows. */
export const MAX_PREVIEW = 100;

export interface GenerateContext {
  /** Default: the factory of X-Factory-Id. */
  factoryCode?: string;
  lineCode?: string;
  /** YYYY-MM-DD, the local day the codes belong to. */
  date?: string;
}

/** The context as resolved: the values the codes were written with and the counter's period. */
export const ResolvedContext = z
  .object({
    factoryCode: z.string().nullable(),
    lineCode: z.string().nullable(),
    date: Day,
    period: z.string(),
  })
  .meta({ id: 'EncodingResolvedContext' });
export type ResolvedContext = z.infer<typeof ResolvedContext>;

/** Decimal strings: counters may exceed 2^53. */
const bigCount = (description: string) => z.string().regex(/^\d+$/).meta({ description });

export const GenerateResult = z
  .object({
    codes: z.array(z.string()),
    batchId: Uuid.meta({ description: 'Names this reservation in the audit (`issued?batchId=`)' }),
    firstOffset: bigCount("Counter offset of the first code (0 = the start code) in this context's counter"),
    remaining: bigCount("Codes still available in this context's counter after the call"),
    context: ResolvedContext,
  })
  .meta({ id: 'EncodingGenerateResult' });
export type GenerateResult = z.infer<typeof GenerateResult>;

export interface ExhaustedData {
  requested: number;
  remaining: string;
}

export const PreviewResult = z
  .object({
    codes: z
      .array(z.string())
      .meta({ description: 'The next codes, not reserved; fewer than asked when the rule runs out' }),
    remaining: bigCount('Codes still available in this context'),
    context: ResolvedContext,
  })
  .meta({ id: 'EncodingPreviewResult' });
export type PreviewResult = z.infer<typeof PreviewResult>;

/** One issued code in the audit. */
export const IssuedCode = z
  .object({
    code: z.string(),
    ruleId: Uuid,
    ruleName: z.string(),
    factoryCode: z.string(),
    lineCode: z.string(),
    period: z.string(),
    date: Day,
    batchId: Uuid,
    account: z.string(),
    issuedAt: Instant,
  })
  .meta({ id: 'IssuedCode' });
export type IssuedCode = z.infer<typeof IssuedCode>;
