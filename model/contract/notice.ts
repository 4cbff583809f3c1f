/** The notices a user sees and handles (SPEC §7 `notice/list`). */
import { z } from 'zod';
import { NoticeAdminRow, NoticeListData, NoticeSaved, noticeInput } from '../notice';
import { IdParams, Nothing, pageOf, pageQuery } from './common';
import { endpoint, json } from './endpoint';

export const notice = {
  list: endpoint({
    method: 'GET',
    path: '/platform-system/notice/list',
    operationId: 'listMyNotices',
    tag: 'notice',
    auth: 'bearer',
    permission: null,
    summary: "The current user's notices and the handled / unhandled / total counters",
    query: z.object({ limit: z.coerce.number().int().min(0).max(100).default(20) }),
    answer: json(NoticeListData),
  }),
  handle: endpoint({
    method: 'POST',
    path: '/platform-system/notice/:id/handle',
    operationId: 'handleNotice',
    tag: 'notice',
    auth: 'bearer',
    permission: null,
    summary: 'Marks a notice as handled by the current user',
    params: IdParams,
    answer: json(Nothing),
  }),
  // ── Administration ──
  page: endpoint({
    method: 'GET',
    path: '/platform-system/notice/page',
    operationId: 'listNotices',
    tag: 'notice',
    auth: 'bearer',
    permission: 'system:notice:view',
    summary: 'All notices of the tenant with their audience and how many users handled each',
    query: z.object({
      title: z.string().max(200).optional(),
      ...pageQuery(100).shape,
    }),
    answer: json(pageOf(NoticeAdminRow)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/platform-system/notice',
    operationId: 'createNotice',
    tag: 'notice',
    auth: 'bearer',
    permission: 'system:notice:add',
    summary: 'Publishes a notice (content is sanitised)',
    description: "400 naming the field when an audience id is not the tenant's.",
    body: noticeInput,
    answer: json(NoticeSaved),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/platform-system/notice/:id',
    operationId: 'updateNotice',
    tag: 'notice',
    auth: 'bearer',
    permission: 'system:notice:edit',
    summary: 'Edits a notice (content is sanitised)',
    description: 'The whole notice, as on create; a missing publishAt keeps the current one.',
    params: IdParams,
    body: noticeInput,
    answer: json(NoticeSaved),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/platform-system/notice/:id',
    operationId: 'deleteNotice',
    tag: 'notice',
    auth: 'bearer',
    permission: 'system:notice:delete',
    summary: 'Deletes a notice and its read receipts',
    params: IdParams,
    answer: json(Nothing),
  }),
};
