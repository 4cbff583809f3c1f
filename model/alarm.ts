/** Alarms (SPEC §3): raised by other domains, delivered live to the shell, read aloud, acknowledged. */
import { z } from 'zod';
import { Instant, Uuid, requiredText } from './contract/common';

export const ALARM_LEVELS = ['info', 'warning', 'critical'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** At most this many new alarms per poll; the rest come with the next one. */
export const ALARM_FEED_MAX = 50;

export { ALARM_PERMISSIONS, ALARM_POLL_MS } from './bells';

const optional = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(max, { error: 'validation.tooLong' }).optional(),
  );

/** What another domain sends to raise an alarm. The factory comes from X-Factory-Id or `factoryCode`. */
export const raiseAlarmInput = z
  .object({
    number: requiredText(64),
    type: requiredText(64),
    sourceSystem: requiredText(64),
    sourceNumber: optional(64),
    projectCode: optional(64),
    projectName: optional(128),
    description: requiredText(500),
    level: z.enum(ALARM_LEVELS, { error: 'validation.option' }).default('warning'),
    occurredAt: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.iso.datetime({ offset: true, error: 'validation.datetime' }).optional(),
    ),
    factoryCode: optional(64),
  })
  .strip()
  .meta({ id: 'RaiseAlarmInput' });
export type RaiseAlarmInput = z.input<typeof raiseAlarmInput>;

/** The administration's search: page and export share it. */
export const alarmSearchQuery = z.object({
  keyword: z.string().max(100).optional(),
  level: z.enum(ALARM_LEVELS).optional(),
  acknowledged: z.enum(['true', 'false']).optional(),
});
export type AlarmSearch = z.output<typeof alarmSearchQuery>;

/** Field → label key (namespace `model`). */
export const ALARM_FIELD_LABELS: Record<string, string> = {
  number: 'alarm.number',
  type: 'alarm.type',
  sourceSystem: 'alarm.sourceSystem',
  sourceNumber: 'alarm.sourceNumber',
  projectCode: 'alarm.projectCode',
  projectName: 'alarm.projectName',
  description: 'alarm.description',
  level: 'alarm.level',
  occurredAt: 'alarm.occurredAt',
  factoryCode: 'alarm.factoryCode',
};

export const AlarmItem = z
  .object({
    id: Uuid,
    number: z.string(),
    type: z.string(),
    sourceSystem: z.string(),
    sourceNumber: z.string().nullable(),
    projectCode: z.string().nullable(),
    projectName: z.string().nullable(),
    description: z.string(),
    level: z.enum(ALARM_LEVELS),
    occurredAt: Instant,
    acknowledgedAt: Instant.nullable(),
  })
  .meta({ id: 'AlarmItem' });
export type AlarmItem = z.infer<typeof AlarmItem>;

/**
 * `data` of `alarm/feed`: alarms newer than the cursor the shell sent (none on the first call,
 * which only sets the cursor), the unacknowledged count of the factory, and the next cursor.
 */
export const AlarmFeed = z
  .object({
    records: z.array(AlarmItem),
    unacknowledged: z.number().int(),
    cursor: z.string().meta({ description: 'Send it back as `after` in the next call' }),
  })
  .meta({ id: 'AlarmFeed' });
export type AlarmFeed = z.infer<typeof AlarmFeed>;

/** `data` of `alarm/open`: the factory's unacknowledged alarms, newest first. */
export const AlarmOpenList = z
  .object({
    records: z.array(AlarmItem),
    total: z.number().int(),
  })
  .meta({ id: 'AlarmOpenList' });
export type AlarmOpenList = z.infer<typeof AlarmOpenList>;
