/**
 * Days as the user lives them (issue 19). A request carries the user's UTC offset (X-Timezone-Offset,
 * minutes as `Date#getTimezoneOffset` gives them: UTC+8 is -480), so "today" in a file name is the
 * user's day, not the server's or UTC's; a DATE column is a calendar day whatever time zone the
 * server runs in; a date typed into a spreadsheet is refused when no calendar has it (2026/13/45).
 * One date library (dayjs) does the arithmetic; reading and writing a plain day is done by hand,
 * because an export and an import do it for every row and date column.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { FastifyRequest } from 'fastify';

dayjs.extend(utc);

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
  return atUtcMidnight
    ? ymd(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate())
    : ymd(v.getFullYear(), v.getMonth() + 1, v.getDate());
}

const ymd = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** UTC midnight of a calendar day, or null when the calendar lacks it (2026-02-30 is not rolled over). */
function utcMidnight(y: number, m: number, d: number): Date | null {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0–99 as 1900–1999
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
}

/** Year first, by dash, slash or dot, month and day with or without their leading zero. */
const DAY = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

/** A typed date as YYYY-MM-DD when it names a real calendar day (strictly: 2026/13/45 and 2026-02-30 do not); null otherwise. */
export function parseDay(text: string): string | null {
  const m = DAY.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return utcMidnight(y, mo, d) ? ymd(y, mo, d) : null;
}

/** A day (YYYY-MM-DD) as the Date a spreadsheet writer stores as that day: UTC midnight (Excel days have no zone). */
export function spreadsheetDay(day: string): Date | null {
  const m = DAY.exec(day.trim());
  return m ? utcMidnight(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** Timestamps as the API answers them: ISO 8601 in UTC, from a Date or the text a driver returned. */
export const iso = (d: Date | string): string => new Date(d).toISOString();

/** `iso`, and null for none. */
export const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));
