/**
 * Calendar arithmetic of encoding rules on local dates (no time zone left once a date is local):
 * date parameters, weeks starting on a chosen weekday, and the period a counter resets with.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const RESET_TYPES = ['none', 'day', 'week', 'month', 'year'] as const;
export type ResetType = (typeof RESET_TYPES)[number];

/** A calendar date; month 1–12, day 1–31. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const pad = (n: number, w: number) => String(n).padStart(w, '0');

const utc = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day);
const fromUtc = (ms: number): LocalDate => {
  const t = new Date(ms);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};

/** `YYYY-MM-DD` → a date, or null when it is not a real calendar day. */
export function parseLocalDate(text: string): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (d.year < 1 || d.month < 1 || d.month > 12 || d.day < 1) return null;
  const back = fromUtc(utc(d));
  return back.year === d.year && back.month === d.month && back.day === d.day ? d : null;
}

export function isoDate(d: LocalDate): string {
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

/**
 * The local date of an instant for a UTC offset given as `Date#getTimezoneOffset` does (minutes
 * behind UTC: UTC+8 is -480), which is what the X-Timezone-Offset header carries.
 */
export function localDateAt(instant: Date, offsetMinutes: number): LocalDate {
  return fromUtc(instant.getTime() - offsetMinutes * 60_000);
}

export function addDays(d: LocalDate, days: number): LocalDate {
  return fromUtc(utc(d) + days * DAY_MS);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(d: LocalDate): number {
  return (new Date(utc(d)).getUTCDay() + 6) % 7;
}

/** The first day of the week holding `d`, weeks starting on `first`. */
export function weekStart(d: LocalDate, first: Weekday): LocalDate {
  const back = (weekdayIndex(d) - WEEKDAYS.indexOf(first) + 7) % 7;
  return addDays(d, -back);
}

/** 1-based day of the year. */
export function dayOfYear(d: LocalDate): number {
  return Math.round((utc(d) - Date.UTC(d.year, 0, 1)) / DAY_MS) + 1;
}

/**
 * Week of the year, 1–54: week 1 holds 1 January and each week starts on `first` (the year's last
 * week ends on 31 December, so a week crossing the new year is numbered in both years).
 */
export function weekOfYear(d: LocalDate, first: Weekday): number {
  const jan1 = { year: d.year, month: 1, day: 1 };
  const lead = (weekdayIndex(jan1) - WEEKDAYS.indexOf(first) + 7) % 7;
  return Math.floor((dayOfYear(d) - 1 + lead) / 7) + 1;
}

/**
 * The counter period of a date: '' (never resets), `2026-03-14`, `W2026-03-09` (the week's first
 * day), `2026-03`, `2026`. A counter keyed by it starts afresh when the period changes.
 */
export function periodKey(reset: ResetType, d: LocalDate, first: Weekday = 'monday'): string {
  switch (reset) {
    case 'none':
      return '';
    case 'day':
      return isoDate(d);
    case 'week':
      return `W${isoDate(weekStart(d, first))}`;
    case 'month':
      return `${pad(d.year, 4)}-${pad(d.month, 2)}`;
    case 'year':
      return pad(d.year, 4);
  }
}

/** Tokens of a date parameter's format: YYYY, YY, MM, DD, WW (week of year), DDD (day of year). */
const TOKEN = /YYYY|YY|MM|DDD|DD|WW/g;
/** A date format: tokens, optionally separated by `-`, `/` or `.`. */
export const DATE_FORMAT = /^(?:YYYY|YY|MM|DDD|DD|WW|[-/.])+$/;
export const DEFAULT_DATE_FORMAT = 'YYYYMMDD';

export function isDateFormat(format: string): boolean {
  return DATE_FORMAT.test(format) && /[YMDW]/.test(format);
}

/** `d` written in `format` (see TOKEN). */
export function formatDate(d: LocalDate, format: string, first: Weekday = 'monday'): string {
  return format.replace(TOKEN, (t) => {
    switch (t) {
      case 'YYYY':
        return pad(d.year, 4);
      case 'YY':
        return pad(d.year % 100, 2);
      case 'MM':
        return pad(d.month, 2);
      case 'DD':
        return pad(d.day, 2);
      case 'DDD':
        return pad(dayOfYear(d), 3);
      default:
        return pad(weekOfYear(d, first), 2);
    }
  });
}

/** The length of what formatDate writes for `format` (every token has a fixed width). */
export function dateFormatLength(format: string): number {
  return format.replace(TOKEN, (t) => (t === 'YYYY' ? '0000' : t === 'DDD' ? '000' : '00')).length;
}
