/**
 * Rules as APIs (issue 6): issuing and previewing codes of encoding rules and their audit, parsing
 * barcodes by scan rules, and rendering print templates (PDF or ZPL).
 */
import { z } from 'zod';
import { MAX_COPIES, MAX_RECORDS, PREVIEW_PERMISSION } from '../print/template';
import {
  GENERATE_PERMISSION,
  GenerateResult,
  IssuedCode,
  MAX_BARCODE_LENGTH,
  MAX_GENERATE,
  MAX_PREVIEW,
  PreviewResult,
  ScanResult,
  parseLocalDate,
} from '../rules';
import { IdParams, pageOf, PageQuery } from './common';
import { endpoint, file, json } from './endpoint';

const ENCODING = '/basic-system/encoding-rule';
const SCAN = '/basic-system/scan-rule';
const ENCODING_VIEW = 'basic:encoding-rule:view';
const SCAN_VIEW = 'basic:scan-rule:view';

const date = z
  .string()
  .refine((s) => parseLocalDate(s) !== null, { error: 'validation.date' })
  .meta({ format: 'date' });
const code = z.string().trim().min(1).max(64);
/** What codes are issued for: the factory (default: the caller's), the line, the local day (default: today). */
export const EncodingContextInput = z
  .object({ factoryCode: code.optional(), lineCode: code.optional(), date: date.optional() })
  .strict();
const ENCODING_LABELS: Record<string, string> = {
  count: 'encodingRule.count',
  'context.factoryCode': 'encodingRule.factoryCode',
  'context.lineCode': 'encodingRule.lineCode',
  'context.date': 'encodingRule.date',
  factoryCode: 'encodingRule.factoryCode',
  lineCode: 'encodingRule.lineCode',
  date: 'encodingRule.date',
};

// Scanners may send a few characters more than the longest rule (prefixes, a trailing GS).
const barcode = z
  .string()
  .min(1)
  .max(MAX_BARCODE_LENGTH + 16);
const SCAN_LABELS = { barcode: 'scanRule.barcode' };
const unsavedRule = z
  .record(z.string(), z.unknown())
  .meta({ description: "The form's field values (the rule as it would be saved)" });

const printValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
const printRecord = z.record(z.string().max(64), printValue);

export const rules = {
  generate: endpoint({
    method: 'POST',
    path: `${ENCODING}/:id/generate`,
    operationId: 'generateCodes',
    tag: 'encoding-rule',
    auth: 'bearer',
    permission: GENERATE_PERMISSION,
    summary: 'Issues the next N codes of an encoding rule for a context (one row-locked counter; every code audited)',
    description:
      'Exhaustion answers 409 with `requested` and `remaining` in `data`, nothing issued; a stored rule that no longer validates answers 409.',
    params: IdParams,
    body: z.object({
      count: z.coerce.number().int().min(1).max(MAX_GENERATE),
      context: EncodingContextInput.default({}),
    }),
    labels: ENCODING_LABELS,
    answer: json(GenerateResult),
    errors: [409],
  }),
  preview: endpoint({
    method: 'GET',
    path: `${ENCODING}/:id/preview`,
    operationId: 'previewCodes',
    tag: 'encoding-rule',
    auth: 'bearer',
    permission: ENCODING_VIEW,
    summary: 'The next codes of an encoding rule for a context, without issuing them',
    params: IdParams,
    query: z.object({
      count: z.coerce.number().int().min(1).max(MAX_PREVIEW).default(5),
      factoryCode: code.optional(),
      lineCode: code.optional(),
      date: date.optional(),
    }),
    labels: ENCODING_LABELS,
    answer: json(PreviewResult),
    errors: [409],
  }),
  previewUnsaved: endpoint({
    method: 'POST',
    path: `${ENCODING}/preview`,
    operationId: 'previewUnsavedCodes',
    tag: 'encoding-rule',
    auth: 'bearer',
    permission: ENCODING_VIEW,
    summary: 'The first codes of an unsaved encoding rule (the live preview of the form)',
    description: 'An invalid rule answers 400 naming its fields as `rule.<field>`.',
    body: z.object({
      rule: unsavedRule,
      count: z.coerce.number().int().min(1).max(MAX_PREVIEW).default(5),
      context: EncodingContextInput.default({}),
    }),
    labels: ENCODING_LABELS,
    answer: json(PreviewResult),
  }),
  issued: endpoint({
    method: 'GET',
    path: `${ENCODING}/issued`,
    operationId: 'listIssuedCodes',
    tag: 'encoding-rule',
    auth: 'bearer',
    permission: ENCODING_VIEW,
    summary: 'The audit of issued codes: search by code prefix, rule or reservation',
    query: z.object({
      code: z.string().trim().min(1).max(128).optional().meta({ description: 'Codes starting with this text' }),
      ruleId: z.uuid().optional(),
      batchId: z.uuid().optional(),
      ...PageQuery.shape,
    }),
    answer: json(pageOf(IssuedCode)),
  }),
  parse: endpoint({
    method: 'POST',
    path: `${SCAN}/:id/parse`,
    operationId: 'parseBarcode',
    tag: 'scan-rule',
    auth: 'bearer',
    permission: SCAN_VIEW,
    summary: 'Parses a barcode by a scan rule: part, SN, date code, checksum verdict',
    description:
      'A refused barcode is an answer (`ok: false` with the reasons); a stored rule that no longer validates answers 409.',
    params: IdParams,
    body: z.object({ barcode }),
    labels: SCAN_LABELS,
    answer: json(ScanResult),
    errors: [409],
  }),
  parseUnsaved: endpoint({
    method: 'POST',
    path: `${SCAN}/parse`,
    operationId: 'parseBarcodeByUnsavedRule',
    tag: 'scan-rule',
    auth: 'bearer',
    permission: SCAN_VIEW,
    summary: 'Parses a barcode by an unsaved scan rule (the test panel of the form)',
    description: 'An invalid rule answers 400 naming its fields as `rule.<field>`.',
    body: z.object({ rule: unsavedRule, barcode }),
    labels: SCAN_LABELS,
    answer: json(ScanResult),
  }),
  render: endpoint({
    method: 'POST',
    path: '/basic-system/print-template/:id/render',
    operationId: 'renderPrintTemplate',
    tag: 'print-template',
    auth: 'bearer',
    permission: PREVIEW_PERMISSION,
    summary:
      'Renders a print template with data (default: its default content) to PDF (copies pages per record) or to ZPL',
    description:
      "`format: zpl` answers the label printer's commands as text. Records × copies beyond the page limit answer 400.",
    params: IdParams,
    body: z.object({
      data: z.union([printRecord, z.array(printRecord).min(1).max(MAX_RECORDS)]).optional(),
      copies: z.coerce.number().int().min(1).max(MAX_COPIES).optional(),
      format: z
        .enum(['pdf', 'zpl'])
        .default('pdf')
        .meta({ description: "`zpl`: the label printer's commands instead of a PDF" }),
    }),
    labels: { copies: 'printTemplate.defaultQuantity', data: 'printTemplate.defaultContent' },
    answer: file('pdf', 'text'),
  }),
};
