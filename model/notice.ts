import { z } from 'zod';
import { Instant, Uuid, requiredText } from './contract/common';

/** A notice as the shell lists it (SPEC §3, §7 `notice/list`). */
export const NoticeItem = z
  .object({
    id: Uuid,
    title: z.string(),
    content: z.string().meta({ description: 'Sanitised HTML' }),
    level: z.enum(['info', 'warning', 'urgent']),
    publishAt: Instant,
    handled: z.boolean(),
  })
  .meta({ id: 'NoticeItem' });
export type NoticeItem = z.infer<typeof NoticeItem>;

/** `data` of `notice/list`: the notices and the counters of the header (totalNum = handledNum + unHandleNum). */
export const NoticeListData = z
  .object({
    records: z.array(NoticeItem),
    handledNum: z.number().int(),
    unHandleNum: z.number().int(),
    totalNum: z.number().int(),
  })
  .meta({ id: 'NoticeListData' });
export type NoticeListData = z.infer<typeof NoticeListData>;

export { NOTICE_POLL_MS } from './bells';

export const NOTICE_LEVELS = ['info', 'warning', 'urgent'] as const;
const audience = z.array(Uuid).max(500).default([]);

/** A notice as the administration writes it: content is sanitised; an empty audience reaches everyone. */
export const noticeInput = z
  .object({
    title: requiredText(200),
    content: z
      .string()
      .max(200_000, { error: 'validation.tooLong' })
      .default('')
      .meta({ description: 'HTML; sanitised when stored' }),
    level: z.enum(NOTICE_LEVELS).default('info'),
    factoryIds: audience,
    roleIds: audience,
    userIds: audience,
    publishAt: z.iso.datetime({ offset: true }).optional().meta({ description: 'Default: now' }),
    expireAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .meta({ id: 'NoticeInput' });
export type NoticeInput = z.input<typeof noticeInput>;

/** A notice as the administration lists it, with how many users handled it. */
export const NoticeAdminRow = z
  .object({
    id: Uuid,
    title: z.string(),
    content: z.string(),
    level: z.enum(NOTICE_LEVELS),
    factoryIds: z.array(Uuid),
    roleIds: z.array(Uuid),
    userIds: z.array(Uuid),
    publishAt: Instant,
    expireAt: Instant.nullable(),
    readCount: z.number().int(),
    createdAt: Instant,
  })
  .meta({ id: 'NoticeAdminRow' });
export type NoticeAdminRow = z.infer<typeof NoticeAdminRow>;

/** What saving a notice answers: its id and the content as stored (sanitised). */
export const NoticeSaved = z.object({ id: Uuid, content: z.string() }).meta({ id: 'NoticeSaved' });
