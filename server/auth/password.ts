/**
 * Password hashes are Argon2id (RFC 9106): 46 MiB, 2 passes, 1 lane, a 16-byte salt, in the PHC string
 * format (`$argon2id$v=19$m=47104,t=2,p=1$<salt>$<hash>`). That is above both of OWASP's first two
 * settings (46 MiB × 1 pass, 19 MiB × 2) and takes about 20 ms here, on the thread pool, not the event
 * loop; scrypt at OWASP's setting took 290 ms of every login.
 *
 * Hashes made before (`scrypt$N=131072,r=8,p=1$<salt>$<hash>`) still verify; a login that verifies one
 * stores the password again as Argon2id (`needsRehash`).
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { missingClasses, type PasswordClass } from '../../model/security';

/** `Algorithm.Argon2id` of the package, a `const enum` that isolated modules cannot read. */
const ARGON2ID = 2;
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 47_104, timeCost: 2, parallelism: 1 } as const;
const SALT_LENGTH = 16;
/** Bounds on what a stored hash may ask for: a tampered row must not make a verify take the machine. */
const ARGON2_BOUNDS = { m: 262_144, t: 10, p: 8 };
const ARGON2_PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

let verifications = 0;
/** How many passwords were checked since start (a login refused early checks none). */
export const passwordVerifications = () => verifications;

/** Hashes a password as Argon2id with a fresh salt. */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), { ...ARGON2, salt: randomBytes(SALT_LENGTH) });
}

/** Whether a stored hash should be made again with the current setting (after a successful verify). */
export function needsRehash(stored: string): boolean {
  const m = ARGON2_PHC.exec(stored);
  return (
    !m || Number(m[1]) !== ARGON2.memoryCost || Number(m[2]) !== ARGON2.timeCost || Number(m[3]) !== ARGON2.parallelism
  );
}

/** Verifies a password against a stored hash (Argon2id, or scrypt made before); false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  verifications++;
  const argon2 = ARGON2_PHC.exec(stored);
  if (argon2) {
    const [m, t, p] = [Number(argon2[1]), Number(argon2[2]), Number(argon2[3])];
    if (m > ARGON2_BOUNDS.m || t > ARGON2_BOUNDS.t || p > ARGON2_BOUNDS.p) return false;
    return argon2Verify(stored, password.normalize('NFKC')).catch(() => false);
  }
  return verifyScrypt(password, stored);
}

function deriveScrypt(password: string, salt: Buffer, n: number, r: number, p: number, keyLength: number) {
  // maxmem must exceed 128 * N * r bytes.
  const maxmem = 128 * n * r + 32 * 1024 * 1024;
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N: n, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== 'scrypt') return false;
  const params = Object.fromEntries(
    (parts[1] ?? '').split(',').map((kv) => {
      const [k, v] = kv.split('=');
      return [k, Number(v)];
    }),
  ) as Record<string, number>;
  const n = params.N;
  const r = params.r;
  const p = params.p;
  if (!n || !r || !p || n > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[2] ?? '', 'base64');
  const expected = Buffer.from(parts[3] ?? '', 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await deriveScrypt(password, salt, n, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/** A hash of a random password, to verify against when the account does not exist (same timing). */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const TEMP_SPECIAL = '@#$&*';

/**
 * A temporary password of the SPEC §5 rule: 12 letters and digits, at least one of each, and the
 * kinds of character the tenant's policy requires (a special one then takes the last place).
 */
export function temporaryPassword(required: readonly PasswordClass[] = []): string {
  for (;;) {
    let s = Array.from({ length: 12 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join('');
    if (required.includes('special')) s = s.slice(0, 11) + TEMP_SPECIAL[randomInt(TEMP_SPECIAL.length)];
    if (/\d/.test(s) && /[A-Za-z]/.test(s) && missingClasses(s, required).length === 0) return s;
  }
}
