/** What the shell's header bells need before any schema (zod-free): how often they ask, and the alarm permission codes. */

/** How often the shell polls the notice and task counters when polling is on. */
export const NOTICE_POLL_MS = 30_000;

/** How often the shell asks for new alarms when polling is on. */
export const ALARM_POLL_MS = 10_000;

/** Alarm permission codes (the menu's `/system/alarm` buttons). */
export const ALARM_PERMISSIONS = {
  view: 'system:alarm:view',
  raise: 'system:alarm:raise',
  handle: 'system:alarm:handle',
  export: 'system:alarm:export',
} as const;
