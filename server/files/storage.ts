/**
 * Where document files live: a folder (FILES_DIR, default `<DATA_DIR>/files`) behind a small
 * interface, so another store (an object store) can replace it. Keys are generated, never names
 * from the client, so no upload can reach outside the folder.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes [start, end] (inclusive), or all of them. */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number>;
  /** A local path for readers that seek (decryption); null for stores without one. */
  localPath(key: string): string | null;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

export class FolderStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a crash never leaves half a file under the key.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async size(key: string): Promise<number> {
    return (await fs.stat(this.pathOf(key))).size;
  }

  localPath(key: string): string | null {
    return this.pathOf(key);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

/** A fresh key for a file: two hex characters of fan-out, then a uuid. */
export function newStorageKey(id: string): string {
  return `${id.slice(0, 2)}/${id}`;
}
