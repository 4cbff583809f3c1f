/**
 * Alarms (SPEC §3): raised by other domains, fed to the shell by cursor or as server-sent events,
 * acknowledged; the administration's searchable list and export. Alarms belong to the factory of
 * `X-Factory-Id`.
 */
import { z } from 'zod';
import {
  ALARM_FIELD_LABELS,
  ALARM_PERMISSIONS as P,
  AlarmFeed,
  AlarmItem,
  AlarmOpenList,
  alarmSearchQuery,
  raiseAlarmInput,
} from '../alarm';
import { IdParams, pageOf, pageQuery } from './common';
import { endpoint, file, json } from './endpoint';

const tag = 'alarm';
const BASE = '/platform-system/alarm';

export const alarm = {
  raise: endpoint({
    method: 'POST',
    path: `${BASE}/raise`,
    operationId: 'raiseAlarm',
    tag,
    auth: 'bearer',
    permission: P.raise,
    summary: 'Raises an alarm in a factory (for other domains: a token with the raise permission)',
    description: 'The factory: `factoryCode`, else X-Factory-Id. 409 when the number is taken in the factory.',
    body: raiseAlarmInput,
    labels: ALARM_FIELD_LABELS,
    answer: json(AlarmItem),
    errors: [409],
  }),
  feed: endpoint({
    method: 'GET',
    path: `${BASE}/feed`,
    operationId: 'alarmFeed',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Alarms raised since the cursor, the unacknowledged count and the next cursor (the shell polls this)',
    description: 'The first call (no `after`) answers no alarms, only the cursor. Without a factory: nothing.',
    query: z.object({
      after: z
        .string()
        .regex(/^\d{1,18}$/)
        .optional(),
    }),
    answer: json(AlarmFeed),
  }),
  open: endpoint({
    method: 'GET',
    path: `${BASE}/open`,
    operationId: 'listOpenAlarms',
    tag,
    auth: 'bearer',
    permission: null,
    summary: "The factory's unacknowledged alarms, newest first",
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    answer: json(AlarmOpenList),
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: `${BASE}/:id/acknowledge`,
    operationId: 'acknowledgeAlarm',
    tag,
    auth: 'bearer',
    permission: P.handle,
    summary: 'Acknowledges an alarm of the current factory',
    description: 'Acknowledging again keeps the first acknowledgement.',
    params: IdParams,
    answer: json(AlarmItem),
  }),
  // ── Administration ──
  page: endpoint({
    method: 'GET',
    path: `${BASE}/page`,
    operationId: 'listAlarms',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: "The current factory's alarms with search by number, type, source, project or description",
    query: alarmSearchQuery.extend({
      ...pageQuery(100).shape,
    }),
    answer: json(pageOf(AlarmItem)),
  }),
  export: endpoint({
    method: 'GET',
    path: `${BASE}/export`,
    operationId: 'exportAlarms',
    tag,
    auth: 'bearer',
    permission: P.export,
    summary: "The searched alarms as .xlsx (at most 10000, newest first), headers and levels in the user's language",
    query: alarmSearchQuery,
    answer: file('xlsx'),
  }),
  stream: endpoint({
    method: 'GET',
    path: `${BASE}/stream`,
    operationId: 'streamAlarms',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Server-sent events: each alarm raised in the current factory after the stream opened (event "alarm")',
    description: "Each event's data is an AlarmItem as JSON; `id` is the cursor.",
    answer: file('events'),
  }),
};
