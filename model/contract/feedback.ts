/**
 * Feedback (SPEC §5, §7): a user submits a description, a contact and pictures, and reads their own;
 * administrators list, handle (through the `feedback` process when one runs) and delete it.
 */
import { z } from 'zod';
import { FEEDBACK_MAX_PICTURES, FEEDBACK_STATUSES, FeedbackRecord } from '../account';
import { FeedbackAdminRow, FeedbackHandled, feedbackHandleInput } from '../feedback';
import { IdParams, Nothing, Uuid, pageOf, pageQuery } from './common';
import { endpoint, file, json } from './endpoint';

const tag = 'feedback';
const PERM = 'system:feedback';
const PICTURE_MEDIA = ['jpeg', 'gif', 'png', 'bmp'] as const;

export const feedback = {
  save: endpoint({
    method: 'POST',
    path: '/platform-system/feedback/save',
    operationId: 'submitFeedback',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Submit feedback (multipart: description, contact, pictures ≤ 3 MB each, jpg/gif/png/bmp by content)',
    description: `At most ${FEEDBACK_MAX_PICTURES} pictures; the type is read from the content, not the name. Starts the published \`feedback\` process, if any.`,
    multipart: {
      files: { pictures: { required: false, many: true, media: PICTURE_MEDIA } },
      fields: z.object({
        description: z.string().max(500).meta({ description: 'Required, at most 500 characters' }),
        contact: z.string().max(64).optional(),
      }),
    },
    answer: json(z.object({ id: Uuid })),
    errors: [413, 415],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/platform-system/feedback',
    operationId: 'listMyFeedback',
    tag,
    auth: 'bearer',
    permission: null,
    summary: "The current user's feedback, newest first",
    query: z.object({
      ...pageQuery(100).shape,
    }),
    answer: json(pageOf(FeedbackRecord)),
  }),
  picture: endpoint({
    method: 'GET',
    path: '/platform-system/feedback/picture/:id',
    operationId: 'getFeedbackPicture',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'A feedback picture',
    description: 'Only the submitter or an administrator.',
    params: IdParams,
    answer: file(...PICTURE_MEDIA),
  }),
  // ── Administration ──
  page: endpoint({
    method: 'GET',
    path: '/platform-system/feedback/page',
    operationId: 'listFeedback',
    tag,
    auth: 'bearer',
    permission: `${PERM}:view`,
    summary: "The tenant's feedback, newest first, with its pictures",
    query: z.object({
      status: z.enum(FEEDBACK_STATUSES).optional(),
      ...pageQuery(100).shape,
    }),
    answer: json(pageOf(FeedbackAdminRow)),
  }),
  handle: endpoint({
    method: 'POST',
    path: '/platform-system/feedback/:id/handle',
    operationId: 'handleFeedback',
    tag,
    auth: 'bearer',
    permission: `${PERM}:handle`,
    summary:
      'Handles a feedback: status and opinion, which the submitter then sees; through its process when one is running',
    description:
      '409 when a process runs and the caller has no pending task in it (or asks for anything but processed).',
    params: IdParams,
    body: feedbackHandleInput,
    answer: json(FeedbackHandled),
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/platform-system/feedback/:id',
    operationId: 'deleteFeedback',
    tag,
    auth: 'bearer',
    permission: `${PERM}:delete`,
    summary: 'Deletes a feedback and its pictures',
    params: IdParams,
    answer: json(Nothing),
  }),
  pictureData: endpoint({
    method: 'GET',
    path: '/platform-system/feedback/picture/:id/data',
    operationId: 'getFeedbackPictureData',
    tag,
    auth: 'bearer',
    permission: `${PERM}:view`,
    summary: 'A feedback picture as a data URL, for the handling screen',
    params: IdParams,
    answer: json(z.object({ dataUrl: z.string().meta({ description: '`data:<type>;base64,…`' }) })),
  }),
};
