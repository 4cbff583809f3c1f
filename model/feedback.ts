/** Feedback handling by administrators (issue 9): the tenant's feedback, handled with a status and an opinion. */
import { z } from 'zod';
import { FEEDBACK_STATUSES } from './account';
import { Instant, Uuid } from './contract/common';

export const FeedbackAdminRow = z
  .object({
    id: Uuid,
    description: z.string(),
    contact: z.string().nullable(),
    status: z.enum(FEEDBACK_STATUSES),
    handleOpinion: z.string().nullable(),
    userAccount: z.string(),
    userName: z.string().nullable(),
    createdAt: Instant,
    handledAt: Instant.nullable(),
    pictureIds: z.array(Uuid),
    inProcess: z
      .boolean()
      .meta({ description: 'A `feedback` process about it is running: it is handled through its tasks' }),
  })
  .meta({ id: 'FeedbackAdminRow' });
export type FeedbackAdminRow = z.infer<typeof FeedbackAdminRow>;

export const feedbackHandleInput = z.object({
  status: z.enum(FEEDBACK_STATUSES).default('processed'),
  handleOpinion: z.string().trim().max(1000, { error: 'validation.tooLong' }).default(''),
});
export type FeedbackHandleInput = z.input<typeof feedbackHandleInput>;

/** What a handle answers: the feedback's status and opinion after it. */
export const FeedbackHandled = z
  .object({
    id: Uuid,
    status: z.enum(FEEDBACK_STATUSES),
    handleOpinion: z.string().nullable(),
  })
  .meta({ id: 'FeedbackHandled' });
