/**
 * Check characters of barcodes, pluggable by name: GS1 mod 10 (GTIN, SSCC, GLN), Luhn (IMEI and
 * many serial numbers) and mod 43 (Code 39). Each computes the check character(s) of its data, or
 * null when the data holds a character the algorithm cannot weigh.
 */

export interface ChecksumAlgorithm {
  /** How many check characters it appends. */
  length: number;
  compute(data: string): string | null;
}

const digitsOnly = (s: string) => s.length > 0 && /^\d+$/.test(s);

/** GS1: weights 3 and 1 alternating from the right-most data digit; the check digit tops the sum up to a multiple of 10. */
export function gs1Mod10(data: string): string | null {
  if (!digitsOnly(data)) return null;
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const digit = data.charCodeAt(data.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** Luhn: every second digit from the right-most data digit doubled (9 subtracted above 9). */
export function luhn(data: string): string | null {
  if (!digitsOnly(data)) return null;
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    let digit = data.charCodeAt(data.length - 1 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The 43 characters of Code 39, in the order of their values. */
export const CODE39 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

/** Code 39 mod 43: the sum of the characters' values modulo 43, as a Code 39 character. */
export function mod43(data: string): string | null {
  if (data.length === 0) return null;
  let sum = 0;
  for (const ch of data) {
    const v = CODE39.indexOf(ch);
    if (v < 0) return null;
    sum += v;
  }
  return CODE39[sum % 43]!;
}

export const CHECKSUMS = {
  gs1Mod10: { length: 1, compute: gs1Mod10 },
  mod43: { length: 1, compute: mod43 },
  luhn: { length: 1, compute: luhn },
} as const satisfies Record<string, ChecksumAlgorithm>;

export type ChecksumName = keyof typeof CHECKSUMS;
export const CHECKSUM_NAMES = Object.keys(CHECKSUMS) as ChecksumName[];

/** Whether `check` is the right check for `data`: true, false, or null when the data cannot be weighed. */
export function verifyChecksum(name: ChecksumName, data: string, check: string): boolean | null {
  const expected = CHECKSUMS[name].compute(data);
  return expected === null ? null : expected === check;
}
