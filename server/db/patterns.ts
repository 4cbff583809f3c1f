/** LIKE patterns from what a user typed: its `%`, `_` and `\` taken literally. */

const escaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`: rows containing the text. */
export const containsPattern = (s: string) => `%${escaped(s)}%`;

/** `text%`: rows starting with the text. */
export const prefixPattern = (s: string) => `${escaped(s)}%`;
