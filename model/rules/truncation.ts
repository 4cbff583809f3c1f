/**
 * The truncation bit of an encoding-rule detail (SPEC §5): which characters of the parameter's value
 * go into the code, as 1-based positions and ranges: `5`, `1,3-7`, `1-2,4-9`. Only digits, hyphens
 * and commas; items strictly ascending, ranges from low to high; nothing else is accepted.
 */

/** Positions beyond this are refused: no parameter value is that long. */
export const MAX_POSITION = 64;

export type TruncationResult =
  | { ok: true; positions: number[] }
  /** `validation.truncationFormat`: not digits, hyphens and commas in the shape `5` / `1,3-7`; `validation.truncationOrder`: not ascending, or a position 0 or past MAX_POSITION. */
  | { ok: false; key: 'validation.truncationFormat' | 'validation.truncationOrder' };

const ITEM = /^(\d{1,3})(?:-(\d{1,3}))?$/;

/** Parses a truncation bit into the positions it keeps, in order. */
export function parseTruncation(text: string): TruncationResult {
  if (!/^[\d,-]+$/.test(text)) return { ok: false, key: 'validation.truncationFormat' };
  const positions: number[] = [];
  for (const item of text.split(',')) {
    const m = ITEM.exec(item);
    if (!m) return { ok: false, key: 'validation.truncationFormat' };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    const last = positions[positions.length - 1] ?? 0;
    if (from < 1 || to > MAX_POSITION || from <= last || (m[2] !== undefined && to <= from)) {
      return { ok: false, key: 'validation.truncationOrder' };
    }
    for (let p = from; p <= to; p++) positions.push(p);
  }
  return { ok: true, positions };
}

/** The characters of `value` at `positions`; null when a position lies past its end. */
export function applyTruncation(value: string, positions: readonly number[]): string | null {
  const chars = [...value];
  let out = '';
  for (const p of positions) {
    const ch = chars[p - 1];
    if (ch === undefined) return null;
    out += ch;
  }
  return out;
}

/** Writes positions back in the shortest form (`1,3-7`): the inverse of parseTruncation. */
export function formatTruncation(positions: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < positions.length) {
    let j = i;
    while (j + 1 < positions.length && positions[j + 1] === positions[j]! + 1) j++;
    parts.push(j === i ? String(positions[i]) : `${positions[i]}-${positions[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}
