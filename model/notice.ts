import { z } from 'zod';
import { Instant, Uuid } from './contract/common';

/** A notice as the shell lists it (SPEC §3, §7 `notice/list`). */
export const NoticeItem = z.object({
  id: Uuid,
  title: z.string(),
  content: z.string().meta({ description: 'Sanitised HTML' }),
  level: z.enum(['info', 'warning', 'urgent']),
  publishAt: Instant,
  handled: z.boolean(),
}).meta({ id: 'NoticeItem' });
export type NoticeItem = z.infer<typeof NoticeItem>;

/** `data` of `notice/list`: the notices and the counters of the header (totalNum = handledNum + unHandleNum). */
export const NoticeListData = z.object({
  records: z.array(NoticeItem),
  handledNum: z.number().int(),
  unHandleNum: z.number().int(),
  totalNum: z.number().int(),
}).meta({ id: 'NoticeListData' });
export type NoticeListData = z.infer<typeof NoticeListData>;

/** How often the shell polls the counters when polling is on. */
export const NOTICE_POLL_MS = 30_000;
