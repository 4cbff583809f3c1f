/**
 * Days as the user lives them (issue 19). A request carries the user's UTC offset (X-Timezone-Offset,
 * minutes as `Date#getTimezoneOffset` gives them: UTC+8 is -480), so "today" in a file name is the
 * user's day, not the server's or UTC's; a DATE column is a calendar day whatever time zone the
 * server runs in; a date typed into a spreadsheet is refused when no calendar has it (2026/13/45).
 * One date library (dayjs) does the arithmetic.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type { FastifyRequest } from 'fastify';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/** The request's offset in minutes (as getTimezoneOffset), or null when absent or out of range (±14 h). */
export function requestOffset(request: Pick<FastifyRequest, 'headers'>): number | null {
  const raw = request.headers['x-timezone-offset'];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && Math.abs(n) <= 14 * 60 ? n : null;
}

/** The calendar day (YYYY-MM-DD) of `instant` for a user at `offset` (getTimezoneOffset minutes; null: UTC). */
export function dayAt(instant: Date, offset: number | null): string {
  return dayjs
    .utc(instant)
    .subtract(offset ?? 0, 'minute')
    .format('YYYY-MM-DD');
}

/** Today for the user who sent the request (UTC when the request does not say). */
export function todayFor(request: Pick<FastifyRequest, 'headers'>, now = new Date()): string {
  return dayAt(now, requestOffset(request));
}

/**
 * A DATE column's value as YYYY-MM-DD. node-postgres hands a date over as local midnight, PGlite as
 * UTC midnight: cutting `toISOString()` gave the day before on a server east of UTC. A string is
 * taken as it is written.
 */
export function dateOnly(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (!(v instanceof Date)) return String(v).slice(0, 10);
  if (Number.isNaN(v.getTime())) return null;
  const atUtcMidnight =
    v.getUTCHours() === 0 && v.getUTCMinutes() === 0 && v.getUTCSeconds() === 0 && v.getUTCMilliseconds() === 0;
  return atUtcMidnight ? dayjs.utc(v).format('YYYY-MM-DD') : dayjs(v).format('YYYY-MM-DD');
}

/** A typed date as YYYY-MM-DD when it names a real calendar day (strictly: 2026/13/45 and 2026-02-30 do not); null otherwise. */
export function parseDay(text: string): string | null {
  // Year first, by dash, slash or dot, month and day with or without their leading zero.
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  // Strict: a day the calendar lacks is refused, not rolled over into the next month.
  return dayjs(day, 'YYYY-MM-DD', true).isValid() ? day : null;
}

/** A day (YYYY-MM-DD) as the Date a spreadsheet writer stores as that day: UTC midnight (Excel days have no zone). */
export function spreadsheetDay(day: string): Date | null {
  const valid = parseDay(day);
  if (!valid) return null;
  const [y, m, d] = valid.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}
