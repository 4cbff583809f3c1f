import { z } from 'zod';

/** Permission codes of the workflow screens; they match the menu's button permissions. */
export const FLOW_PERMISSIONS = {
  modelView: 'flow:model:view',
  modelAdd: 'flow:model:add',
  modelEdit: 'flow:model:edit',
  modelDelete: 'flow:model:delete',
  deploy: 'flow:model:deploy',
  publish: 'flow:model:publish',
  unpublish: 'flow:model:unpublish',
  taskView: 'flow:task:view',
  agree: 'flow:task:agree',
  reject: 'flow:task:reject',
  batchAudit: 'flow:task:batch-audit',
} as const;

/** Label keys (namespace `model`) of the fields the validation messages name. */
export const FLOW_FIELD_LABELS: Record<string, string> = {
  key: 'wfModel.key',
  name: 'wfModel.name',
  description: 'wfModel.description',
  xml: 'wfModel.xml',
  version: 'wfModel.version',
  opinion: 'wfTask.opinion',
  password: 'wfTask.password',
  code: 'wfTask.code',
  meaning: 'wfTask.meaning',
  ids: 'wfTask._title',
};

const text = (max: number) =>
  z.string({ error: 'validation.required' }).trim().max(max, { error: 'validation.tooLong' });
const required = (max: number) => text(max).min(1, { error: 'validation.required' });

export const MAX_MODEL_XML = 1_000_000;

export const modelCreateInput = z.object({
  key: required(64).regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { error: 'validation.codeFormat' }),
  name: required(128),
  description: text(1000).optional().default(''),
  xml: z.string().max(MAX_MODEL_XML, { error: 'validation.tooLong' }).optional(),
});

export const modelUpdateInput = z.object({
  name: required(128),
  description: text(1000).optional().default(''),
  xml: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(MAX_MODEL_XML, { error: 'validation.tooLong' }),
});

export const publishInput = z.object({
  version: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.tooSmall' })
    .optional(),
});

/**
 * The signer proving it again, for a task that requires a signature: the password, the
 * authenticator's code when two-factor login is on for the signer, and the meaning chosen.
 * Ignored for tasks that need no signature.
 */
const signing = {
  password: z.string().max(128, { error: 'validation.tooLong' }).optional(),
  code: z.string().trim().max(32, { error: 'validation.tooLong' }).optional(),
  meaning: z.string().trim().max(64, { error: 'validation.tooLong' }).optional(),
};
export type SigningInput = { password?: string; code?: string; meaning?: string };

/** The longest opinion a decision carries. */
export const OPINION_MAX = 1000;
export const agreeInput = z.object({ opinion: text(OPINION_MAX).optional(), ...signing });
/** A rejection always says why. */
export const rejectInput = z.object({ opinion: required(OPINION_MAX), ...signing });

export const batchAuditInput = z
  .object({
    ids: z
      .array(z.string().max(64), { error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(200, { error: 'validation.tooMany' }),
    decision: z.enum(['agree', 'reject'], { error: 'validation.required' }),
    opinion: text(1000).optional(),
    ...signing,
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.opinion)
      ctx.addIssue({ code: 'custom', path: ['opinion'], message: 'validation.required' });
  });
