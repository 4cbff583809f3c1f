/**
 * Encryption at rest of documents: AES-256-GCM in chunks of 64 KiB, each with its own nonce and tag,
 * so a byte range (a video seek) decrypts only the chunks it touches and every chunk is authenticated.
 * Layout: 12-byte base nonce, then per chunk its ciphertext and 16-byte tag.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const CHUNK = 64 * 1024;
const TAG = 16;
const NONCE = 12;

function nonceFor(base: Buffer, index: number): Buffer {
  const n = Buffer.from(base);
  n.writeUInt32BE((n.readUInt32BE(8) ^ index) >>> 0, 8);
  return n;
}

export function encrypt(plain: Buffer, key: Buffer): Buffer {
  const base = randomBytes(NONCE);
  const parts: Buffer[] = [base];
  const chunks = Math.max(1, Math.ceil(plain.length / CHUNK));
  for (let i = 0; i < chunks; i++) {
    const cipher = createCipheriv('aes-256-gcm', key, nonceFor(base, i));
    cipher.setAAD(Buffer.from(`${i}/${chunks}`));
    parts.push(cipher.update(plain.subarray(i * CHUNK, (i + 1) * CHUNK)), cipher.final(), cipher.getAuthTag());
  }
  return Buffer.concat(parts);
}

/** The plain size of an encrypted file of `stored` bytes. */
export function plainSize(stored: number): number {
  const body = stored - NONCE;
  const full = Math.floor(body / (CHUNK + TAG));
  const rest = body - full * (CHUNK + TAG);
  return full * CHUNK + Math.max(0, rest - TAG);
}

/** Decrypts plain bytes [start, end] (inclusive) of an encrypted file; throws when a chunk was altered. */
export async function decryptRange(file: string, key: Buffer, start: number, end: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const chunks = Math.max(1, Math.ceil(plainSize(size) / CHUNK));
    const base = Buffer.alloc(NONCE);
    await handle.read(base, 0, NONCE, 0);
    const out: Buffer[] = [];
    for (let i = Math.floor(start / CHUNK); i <= Math.floor(end / CHUNK) && i < chunks; i++) {
      const offset = NONCE + i * (CHUNK + TAG);
      const length = Math.min(CHUNK + TAG, size - offset);
      const sealed = Buffer.alloc(length);
      await handle.read(sealed, 0, length, offset);
      const decipher = createDecipheriv('aes-256-gcm', key, nonceFor(base, i));
      decipher.setAAD(Buffer.from(`${i}/${chunks}`));
      decipher.setAuthTag(sealed.subarray(length - TAG));
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, length - TAG)), decipher.final()]);
      const from = i * CHUNK;
      out.push(plain.subarray(Math.max(0, start - from), Math.min(plain.length, end - from + 1)));
    }
    return Buffer.concat(out);
  } finally {
    await handle.close();
  }
}

/** The key: FILE_ENCRYPTION_KEY (base64, 32 bytes), else one generated once beside the data. */
export async function loadFileKey(configured: string | null, dataDir: string): Promise<Buffer> {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('FILE_ENCRYPTION_KEY must be 32 bytes in base64');
    return key;
  }
  const file = path.join(dataDir, 'secrets', 'file.key');
  try {
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
  } catch {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const key = randomBytes(32);
    await fs.writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
  }
}
