import { z } from 'zod';
import { Instant, Uuid, requiredText } from './contract/common';
import { LANGUAGES } from './languages';

/** A help or SOP document as the shell shows it; `content` is sanitised HTML. */
export const HelpDocument = z
  .object({
    title: z.string(),
    content: z.string().meta({ description: 'Sanitised HTML' }),
    language: z.string(),
    updatedAt: Instant,
  })
  .meta({ id: 'HelpDocument' });
export type HelpDocument = z.infer<typeof HelpDocument>;

export const HELP_DOC_KINDS = ['help', 'sop'] as const;

/** A help document (per route and language) or an SOP document (a public link by key, per language). */
export const helpDocInput = z
  .object({
    kind: z.enum(HELP_DOC_KINDS),
    routePath: z
      .string()
      .trim()
      .max(255, { error: 'validation.tooLong' })
      .regex(/^\//, { error: 'validation.format' })
      .nullable()
      .optional(),
    docKey: Uuid.optional().meta({ description: 'An SOP in another language: the key of the document it translates' }),
    language: z.enum(LANGUAGES),
    title: requiredText(200),
    content: z.string().max(500_000, { error: 'validation.tooLong' }).default(''),
  })
  .refine((v) => v.kind === 'sop' || Boolean(v.routePath), { path: ['routePath'], error: 'validation.required' })
  .meta({ id: 'HelpDocInput' });
export type HelpDocInput = z.input<typeof helpDocInput>;

/** A help or SOP document as the administration lists it (content as stored, already sanitised). */
export const HelpDocAdminRow = z
  .object({
    id: Uuid,
    kind: z.enum(HELP_DOC_KINDS),
    routePath: z.string().nullable(),
    docKey: Uuid,
    language: z.enum(LANGUAGES),
    title: z.string(),
    content: z.string(),
    updatedAt: Instant,
  })
  .meta({ id: 'HelpDocAdminRow' });
export type HelpDocAdminRow = z.infer<typeof HelpDocAdminRow>;
