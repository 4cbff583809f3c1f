import { z } from 'zod';

/** SPEC §2: visit statistics with day, week, month and year ranges and a Top N visitors list. */
export const VISIT_RANGES = ['day', 'week', 'month', 'year'] as const;
export type VisitRange = (typeof VISIT_RANGES)[number];

export const visitQuery = z.object({
  range: z.enum(VISIT_RANGES).default('week'),
  top: z.coerce.number().int().min(1).max(50).default(10),
});

export interface VisitStatistics {
  range: VisitRange;
  /** Buckets oldest first: hours for a day, days for a week or month, months for a year (in the client's time zone). */
  series: { bucket: string; count: number }[];
  total: number;
  topVisitors: { userId: string; account: string; nickname: string; count: number }[];
  topMenus: { functionId: string; name: string; count: number }[];
}

export const VISIT_PERMISSION = 'system:visit-statistics:view';
