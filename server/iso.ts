/** Timestamps as the API answers them: ISO 8601 in UTC, from a Date or the text a driver returned. */
export const iso = (d: Date | string): string => new Date(d).toISOString();

/** `iso`, and null for none. */
export const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));
