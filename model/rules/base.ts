/**
 * Numbers written in an alphabet (SPEC §9 encoding bases): octal, decimal, hexadecimal, base 34
 * (0–9 and A–Z without I and O, which scanners and people confuse with 1 and 0), base 36, or a
 * custom alphabet. A code's value is its digits read most significant first; codes of one rule all
 * have the start code's width, padded with the alphabet's first character.
 */

export const RULE_TYPES = ['base10', 'base8', 'base16', 'base34', 'base36', 'custom'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const ALPHABETS: Record<Exclude<RuleType, 'custom'>, string> = {
  base8: '01234567',
  base10: DIGITS,
  base16: `${DIGITS}ABCDEF`,
  base34: DIGITS + LETTERS.replace(/[IO]/g, ''),
  base36: DIGITS + LETTERS,
};

/** The alphabet of a rule type; a custom rule's is its base code. */
export function alphabetOf(ruleType: RuleType, baseCode: string | null | undefined): string {
  return ruleType === 'custom' ? (baseCode ?? '') : ALPHABETS[ruleType];
}

/** The first character that occurs twice in `alphabet`, or null. */
export function repeatedCharacter(alphabet: string): string | null {
  const seen = new Set<string>();
  for (const ch of alphabet) {
    if (seen.has(ch)) return ch;
    seen.add(ch);
  }
  return null;
}

/** A usable alphabet: at least two characters, none repeated, none blank. */
export function isAlphabet(alphabet: string): boolean {
  return [...alphabet].length >= 2 && repeatedCharacter(alphabet) === null && !/\s/.test(alphabet);
}

/** Whether every character of `code` is a digit of `alphabet` (and there is at least one). */
export function isCodeOf(code: string, alphabet: string): boolean {
  if (code.length === 0) return false;
  const digits = new Set(alphabet);
  return [...code].every((ch) => digits.has(ch));
}

/** The value of `code` in `alphabet`; throws on a character outside it. */
export function decode(code: string, alphabet: string): bigint {
  const chars = [...alphabet];
  const radix = BigInt(chars.length);
  const index = new Map(chars.map((ch, i) => [ch, BigInt(i)]));
  let n = 0n;
  for (const ch of code) {
    const d = index.get(ch);
    if (d === undefined) throw new RangeError(`'${ch}' is not a digit of the alphabet`);
    n = n * radix + d;
  }
  return n;
}

/** `n` written in `alphabet`, left-padded to `width` (0: no padding); throws when it does not fit. */
export function encode(n: bigint, alphabet: string, width = 0): string {
  if (n < 0n) throw new RangeError('negative number');
  const chars = [...alphabet];
  const radix = BigInt(chars.length);
  const out: string[] = [];
  let rest = n;
  do {
    out.push(chars[Number(rest % radix)]!);
    rest /= radix;
  } while (rest > 0n);
  while (out.length < width) out.push(chars[0]!);
  if (width > 0 && out.length > width) {
    throw new RangeError(`${n} needs ${out.length} digits, more than ${width}`);
  }
  return out.reverse().join('');
}

/** The largest code of `width` digits: the alphabet's last character repeated. */
export function largestCode(alphabet: string, width: number): string {
  const chars = [...alphabet];
  return chars[chars.length - 1]!.repeat(width);
}
