/**
 * The HTTP contract of the rule routes (issue 6), under `/api/basic-system`:
 *
 *   POST /encoding-rule/:id/generate   GenerateBody → GenerateResult          (basic:encoding-rule:generate)
 *   GET  /encoding-rule/:id/preview    PreviewQuery → PreviewResult            (basic:encoding-rule:view)
 *   POST /encoding-rule/preview        UnsavedPreviewBody → PreviewResult      (basic:encoding-rule:view)
 *   GET  /encoding-rule/issued         IssuedQuery → Page<IssuedCode>          (basic:encoding-rule:view)
 *   POST /scan-rule/:id/parse          ParseBody → ScanResult                  (basic:scan-rule:view)
 *   POST /scan-rule/parse              UnsavedParseBody → ScanResult           (basic:scan-rule:view)
 *
 * The date a code is issued on is `context.date` (a local date) or, without it, today in the time
 * zone of the request's X-Timezone-Offset header; a rule that prints or resets by date answers 400
 * when it has neither. Exhaustion is 409 with `ExhaustedData`, nothing issued.
 */
import type { ScanResult } from './scan';

export const ENCODING_RULE_PATH = '/api/basic-system/encoding-rule';
export const SCAN_RULE_PATH = '/api/basic-system/scan-rule';

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

export interface GenerateBody {
  count: number;
  context?: GenerateContext;
}

/** The context as resolved: the values the codes were written with and the counter's period. */
export interface ResolvedContext {
  factoryCode: string | null;
  lineCode: string | null;
  date: string;
  period: string;
}

export interface GenerateResult {
  codes: string[];
  /** Names this reservation in the audit (`issued?batchId=`). */
  batchId: string;
  /** Counter offset of the first code (0 = the start code) in this context's counter. */
  firstOffset: string;
  /** Codes still available in this context's counter after the call (decimal string: it may exceed 2^53). */
  remaining: string;
  context: ResolvedContext;
}

export interface ExhaustedData {
  requested: number;
  remaining: string;
}

export interface PreviewQuery {
  count?: number;
  factoryCode?: string;
  lineCode?: string;
  date?: string;
}

export interface PreviewResult {
  /** The next codes, not reserved; fewer than asked when the rule runs out. */
  codes: string[];
  remaining: string;
  context: ResolvedContext;
}

export interface UnsavedPreviewBody {
  /** The form's field values. */
  rule: Record<string, unknown>;
  count?: number;
  context?: GenerateContext;
}

export interface IssuedQuery {
  /** Codes starting with this text. */
  code?: string;
  ruleId?: string;
  batchId?: string;
  page?: number;
  size?: number;
}

export interface IssuedCode {
  code: string;
  ruleId: string;
  ruleName: string;
  factoryCode: string;
  lineCode: string;
  period: string;
  date: string;
  batchId: string;
  account: string;
  issuedAt: string;
}

export interface ParseBody {
  barcode: string;
}

export interface UnsavedParseBody {
  rule: Record<string, unknown>;
  barcode: string;
}

export type { ScanResult };
