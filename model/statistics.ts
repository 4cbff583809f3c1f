import { z } from 'zod';
import { Uuid } from './contract/common';

/** SPEC §2: visit statistics with day, week, month and year ranges and a Top N visitors list. */
export const VISIT_RANGES = ['day', 'week', 'month', 'year'] as const;
export type VisitRange = (typeof VISIT_RANGES)[number];

export const visitQuery = z.object({
  range: z.enum(VISIT_RANGES).default('week'),
  top: z.coerce.number().int().min(1).max(50).default(10),
});

export const VisitStatistics = z
  .object({
    range: z.enum(VISIT_RANGES),
    series: z.array(z.object({ bucket: z.string(), count: z.number().int() })).meta({
      description:
        "Buckets oldest first: hours for a day, days for a week or month, months for a year (in the client's time zone)",
    }),
    total: z.number().int(),
    topVisitors: z.array(
      z.object({ userId: Uuid, account: z.string(), nickname: z.string(), count: z.number().int() }),
    ),
    topMenus: z.array(z.object({ functionId: Uuid, name: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'VisitStatistics' });
export type VisitStatistics = z.infer<typeof VisitStatistics>;

export const VISIT_PERMISSION = 'system:visit-statistics:view';
