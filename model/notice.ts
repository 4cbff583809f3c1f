/** A notice as the shell lists it (SPEC §3, §7 `notice/list`). */
export interface NoticeItem {
  id: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  level: 'info' | 'warning' | 'urgent';
  publishAt: string;
  handled: boolean;
}

/** `data` of `notice/list`: the notices and the counters of the header (totalNum = handledNum + unHandleNum). */
export interface NoticeListData {
  records: NoticeItem[];
  handledNum: number;
  unHandleNum: number;
  totalNum: number;
}

/** How often the shell polls the counters when polling is on. */
export const NOTICE_POLL_MS = 30_000;
