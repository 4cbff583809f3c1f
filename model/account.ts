import { z } from 'zod';
import { Instant, Uuid, requiredText } from './contract/common';

import { MOBILE_PATTERN, PASSWORD_PATTERN } from './patterns';

export { MOBILE_PATTERN, PASSWORD_PATTERN };
export const FEEDBACK_MAX_DESCRIPTION = 500;
/** SPEC §9: pictures at most 3 MB (3 MiB), in jpg, gif, png or bmp. */
export const PICTURE_MAX_BYTES = 3 * 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/gif', 'image/png', 'image/bmp'] as const;
export const FEEDBACK_MAX_PICTURES = 6;
/** SMS codes (issue 5): 6 digits, 5 minutes, one send a minute and ten a day per number, five wrong tries. */
export const SMS = { digits: 6, ttlSeconds: 300, perMinute: 1, perDay: 10, maxAttempts: 5 } as const;

const required = z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' });

export const changePasswordInput = z
  .object({
    oldPassword: required.max(128, { error: 'validation.tooLong' }),
    newPassword: required.regex(PASSWORD_PATTERN, { error: 'validation.password' }),
  })
  .refine((v) => v.oldPassword !== v.newPassword, { path: ['newPassword'], error: 'validation.passwordSame' });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(max, { error: 'validation.tooLong' }).optional(),
  );

/** What a user may change of their own account: never account, type, roles, status or tenant. */
export const updateProfileInput = z.object({
  nickname: required.max(64, { error: 'validation.tooLong' }),
  email: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(128, { error: 'validation.tooLong' })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'validation.email' })
      .optional(),
  ),
  mobile: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().regex(MOBILE_PATTERN, { error: 'validation.mobile' }).optional(),
  ),
  remark: optionalText(255),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

const tenantCode = required.max(64, { error: 'validation.tooLong' });
const mobile = required.regex(MOBILE_PATTERN, { error: 'validation.mobile' });

export const smsSendInput = z.object({ tenantCode, mobile });
export const mobileLoginInput = z.object({
  tenantCode,
  mobile,
  code: required.regex(/^\d{6}$/, { error: 'validation.smsCode' }),
});
export type MobileLoginInput = z.infer<typeof mobileLoginInput>;

export const feedbackFields = z.object({
  description: requiredText(FEEDBACK_MAX_DESCRIPTION),
  contact: optionalText(64),
});

export const FEEDBACK_STATUSES = ['unprocessed', 'processed'] as const;

/** One of the current user's own feedback, with the handler's answer. */
export const FeedbackRecord = z
  .object({
    id: Uuid,
    description: z.string(),
    contact: z.string().nullable(),
    pictureIds: z.array(Uuid),
    status: z.enum(FEEDBACK_STATUSES),
    handleOpinion: z.string().nullable(),
    createdAt: Instant,
  })
  .meta({ id: 'FeedbackRecord' });
export type FeedbackRecord = z.infer<typeof FeedbackRecord>;

/** Field label keys (namespace `model`) of the inputs above. */
export const ACCOUNT_FIELD_LABELS: Record<string, string> = {
  oldPassword: 'account.oldPassword',
  newPassword: 'account.newPassword',
  nickname: 'account.nickname',
  email: 'account.email',
  mobile: 'account.mobile',
  remark: 'account.remark',
  code: 'account.smsCode',
  description: 'feedback.description',
  contact: 'feedback.contact',
  pictures: 'feedback.pictures',
};
