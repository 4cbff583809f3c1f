/**
 * The audit trail (issue 25): the field-level history of every record, chained per tenant so that
 * an edited, deleted or reordered entry is detected. What the History drawer, the audit screen and
 * the verification show.
 */
import { z } from 'zod';
import { Instant, Uuid } from './contract/common';

export const AUDIT_PERMISSIONS = {
  /** The tenant-wide audit screen (`/log/audit-trail`, an engine resource): view and export. */
  view: 'log:audit-trail:view',
  export: 'log:audit-trail:export',
  /** One record's history (the History drawer on every screen). */
  history: 'log:audit-trail:history',
  /** Verifying the tenant's chain. */
  verify: 'log:audit-trail:verify',
  /** Setting how long the tenant keeps its history, and its legal minimum. */
  retention: 'log:audit-trail:retention',
} as const;

export const AUDIT_ACTIONS = ['create', 'update', 'state', 'delete', 'import', 'sign'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A JSON value as history keeps it (before/after of a field). */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };
// Declared without recursion: a recursive schema gives generated clients a type referring to itself.
const AuditValueSchema = z
  .unknown()
  .meta({ description: 'A JSON value: text, number, boolean, null, array or object (dates as ISO text)' });

/**
 * One changed field. A secret (password hash, key hash, webhook secret, TOTP secret …) is never
 * stored: its change is `{ field, secret: true }` with `before` and `after` null.
 */
export const AuditChange = z
  .object({
    field: z.string().meta({
      description: 'The field key as the API names it (`shelfLife`), or the column for hand-written features',
    }),
    before: AuditValueSchema,
    after: AuditValueSchema,
    secret: z.literal(true).optional().meta({ description: 'A secret changed; its values are never stored' }),
  })
  .meta({ id: 'AuditChange' });
export type AuditChange = z.infer<typeof AuditChange>;

/** A signature on an approval (a workflow user task), shown in the record's history. */
export const AuditSignature = z
  .object({
    signerId: Uuid,
    signerName: z.string(),
    meaning: z.string().meta({
      description: "What the signature means, chosen from the task's list (e.g. `approved`, `reviewed`, `responsible`)",
    }),
    at: Instant,
  })
  .meta({ id: 'AuditSignature' });
export type AuditSignature = z.infer<typeof AuditSignature>;

export const AuditEntry = z
  .object({
    id: Uuid,
    at: Instant,
    action: z.enum(AUDIT_ACTIONS),
    entity: z.string().meta({ description: 'The resource name (`material`, `bom-line`, `user`, `flow-task` …)' }),
    recordId: z.string(),
    recordCode: z
      .string()
      .nullable()
      .meta({ description: "The record's code or name when it has one, to read without ids" }),
    factoryId: Uuid.nullable(),
    userId: Uuid.nullable(),
    userName: z.string().nullable().meta({ description: 'The account that made the change' }),
    apiKeyName: z.string().nullable().meta({ description: 'The API key the change came with' }),
    ip: z.string().nullable().meta({ description: 'The client address' }),
    operationId: z.string().nullable().meta({ description: 'The active menu (SPEC §7 X-Operation-Id)' }),
    importJobId: z.string().nullable().meta({ description: 'The import job the entry belongs to (action `import`)' }),
    changes: z.array(AuditChange),
    signature: AuditSignature.nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditHistory = z
  .object({
    items: z.array(AuditEntry).meta({ description: 'Newest first' }),
  })
  .meta({ id: 'AuditHistory' });
export type AuditHistory = z.infer<typeof AuditHistory>;

export const AuditHistoryParams = z.object({
  entity: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
  id: z.string().min(1).max(128),
});

export const AuditHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const AuditVerifyBody = z.object({}).strip().meta({ id: 'AuditVerifyInput' });

export const AUDIT_BREAKS = ['hash', 'gap', 'order'] as const;
export type AuditBreak = (typeof AUDIT_BREAKS)[number];

export const AuditVerify = z
  .object({
    ok: z.boolean(),
    checked: z.number().int().meta({ description: 'Entries checked (from the first kept one after retention)' }),
    firstBroken: z
      .object({
        id: z.string().nullable().meta({
          description:
            'The entry where the chain breaks (null when the entry itself is missing and no later one exists)',
        }),
        seq: z.number().int().meta({ description: "Its sequence number in the tenant's chain (or the missing one)" }),
        reason: z.enum(AUDIT_BREAKS).meta({
          description:
            '`hash`: its content was edited; `gap`: an entry before it (or the last one, then `id` is null) is missing; `order`: it is intact but not after the entry it was written after (reordered, or a deletion renumbered)',
        }),
      })
      .nullable(),
  })
  .meta({ id: 'AuditVerify' });
export type AuditVerify = z.infer<typeof AuditVerify>;

/** The longest retention that can be set (a hundred years). */
export const AUDIT_RETENTION_MAX_MONTHS = 1200;

/**
 * How long the tenant keeps its history: entries older than `months` are removed by the maintenance,
 * never sooner than the legal minimum the tenant set (which may be raised, never lowered).
 */
export const AuditRetention = z
  .object({
    months: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Months history is kept; null: kept for ever (no retention set)' }),
    legalMinMonths: z.number().int().meta({
      description: 'The legal minimum in months: the retention is never shorter, and it can be raised but not lowered',
    }),
    updatedAt: Instant.nullable(),
  })
  .meta({ id: 'AuditRetention' });
export type AuditRetention = z.infer<typeof AuditRetention>;

const months = (min: number) =>
  z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(min, { error: 'validation.tooSmall' })
    .max(AUDIT_RETENTION_MAX_MONTHS, { error: 'validation.tooLarge' });

export const auditRetentionInput = z
  .object({
    months: months(1),
    legalMinMonths: months(0),
  })
  .superRefine((v, ctx) => {
    if (v.months < v.legalMinMonths)
      ctx.addIssue({ code: 'custom', path: ['months'], message: 'validation.retentionBelowMinimum' });
  })
  .meta({ id: 'AuditRetentionInput' });
export type AuditRetentionInput = z.infer<typeof auditRetentionInput>;

/** Label keys (namespace `model`) of the retention's fields, for messages naming them. */
export const AUDIT_RETENTION_LABELS: Record<string, string> = {
  months: 'auditTrail.retentionMonths',
  legalMinMonths: 'auditTrail.legalMinMonths',
};
