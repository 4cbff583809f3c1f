/**
 * A tenant's overrides of shipped texts, as the server sends them: language → namespace → key →
 * text. Laying them over an i18next instance resets each namespace to its shipped texts first, so
 * removing an override brings the shipped word back (see `setOverrides` in catalog.ts; the shell
 * and every sub-app use it).
 */
export type OverrideTexts = Partial<Record<string, Partial<Record<string, Record<string, string>>>>>;
