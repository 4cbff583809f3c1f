/**
 * Regular expressions of scan rules are written by users and run on the server against scanned
 * barcodes, so a pattern that can backtrack exponentially ("catastrophic backtracking") is refused
 * before it is saved: no repetition of a group that itself holds a variable quantifier or an
 * alternation (`(a+)+`, `(\w|\d)*`), no back-references. The server also runs patterns with a time
 * limit; this check keeps the form and the save honest without one.
 */

export type PatternKey = 'validation.patternInvalid' | 'validation.patternUnsafe';

interface Frame {
  /** The group's body can match strings of different lengths in more than one way. */
  variable: boolean;
}

/** A quantifier at `i`: its length and whether it repeats a variable number of times (more than once). */
function quantifier(s: string, i: number): { length: number; variable: boolean; repeats: boolean } | null {
  const c = s[i];
  let length = 0;
  let min = 0;
  let max = Infinity;
  if (c === '*' || c === '+' || c === '?') {
    length = 1;
    min = c === '+' ? 1 : 0;
    max = c === '?' ? 1 : Infinity;
  } else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(i));
    if (!m) return null;
    length = m[0].length;
    min = Number(m[1]);
    max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
  } else {
    return null;
  }
  if (s[i + length] === '?') length++; // lazy
  return { length, variable: max !== min, repeats: max > 1 && max !== min };
}

/** Null when `source` compiles and cannot backtrack catastrophically; otherwise the message key. */
export function patternIssue(source: string): PatternKey | null {
  try {
    new RegExp(source, 'd');
  } catch {
    return 'validation.patternInvalid';
  }
  if (/\\[1-9]|\\k</.test(source)) return 'validation.patternUnsafe';
  const stack: Frame[] = [{ variable: false }];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    let group: Frame | null = null;
    if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '(') {
      stack.push({ variable: false });
      i++;
      const prefix = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(i));
      if (prefix) i += prefix[0].length;
      continue;
    } else if (c === ')') {
      group = stack.pop() ?? { variable: false };
      i++;
    } else if (c === '|') {
      stack[stack.length - 1]!.variable = true;
      i++;
      continue;
    } else {
      i++;
    }
    const top = stack[stack.length - 1]!;
    const q = quantifier(source, i);
    if (q) {
      if (group?.variable && q.repeats) return 'validation.patternUnsafe';
      if (q.variable) top.variable = true;
      i += q.length;
    }
    if (group?.variable) top.variable = true;
  }
  return null;
}

/** The named groups a pattern declares. */
export function groupNames(source: string): string[] {
  return [...source.matchAll(/\(\?<([A-Za-z_$][\w$]*)>/g)].map((m) => m[1]!);
}
