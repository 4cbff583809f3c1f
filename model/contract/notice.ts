/** The notices a user sees and handles (SPEC §7 `notice/list`). */
import { z } from 'zod';
import { NoticeListData } from '../notice';
import { IdParams, Nothing } from './common';
import { endpoint, json } from './endpoint';

export const notice = {
  list: endpoint({
    method: 'GET', path: '/platform-system/notice/list', operationId: 'listMyNotices', tag: 'notice', auth: 'bearer', permission: null,
    summary: "The current user's notices and the handled / unhandled / total counters",
    query: z.object({ limit: z.coerce.number().int().min(0).max(100).default(20) }),
    answer: json(NoticeListData),
  }),
  handle: endpoint({
    method: 'POST', path: '/platform-system/notice/:id/handle', operationId: 'handleNotice', tag: 'notice', auth: 'bearer', permission: null,
    summary: 'Marks a notice as handled by the current user',
    params: IdParams, answer: json(Nothing),
  }),
};
