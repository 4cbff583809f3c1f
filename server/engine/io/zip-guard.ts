/**
 * Checks an xlsx package's table of contents before any of it is inflated (SECURITY-TESTS T2.7):
 * a few megabytes of zip can claim gigabytes of sheet XML (a zip bomb). The central directory
 * states each entry's inflated size; a package that claims too much, hides its sizes (ZIP64), or
 * holds an absurd number of parts is refused without parsing.
 */
import { ApiError } from '../../http';

export interface ZipLimits {
  /** Inflated bytes one package may hold in all. */
  maxInflatedBytes: number;
  /** Inflated size over packed size beyond which a large part is a bomb. */
  maxRatio: number;
}

const MiB = 1024 * 1024;

/**
 * What a real import needs, configurable (IMPORT_MAX_INFLATED_MB, IMPORT_MAX_ZIP_RATIO): 100 MiB of
 * sheet XML is about 200,000 rows of 20 real columns. Sheet XML packs about 9–12:1 (exceljs,
 * 100,000 rows, varied or all alike), 30:1 at most in practice; at 400:1 a 1 MB upload could unpack
 * to 300 MiB and hold a worker for half a minute (T2.12), at 100:1 it is refused before anything is
 * inflated.
 */
export function zipLimits(env: NodeJS.ProcessEnv = process.env): ZipLimits {
  const num = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return v !== undefined && v.trim() !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return { maxInflatedBytes: num(env.IMPORT_MAX_INFLATED_MB, 100) * MiB, maxRatio: num(env.IMPORT_MAX_ZIP_RATIO, 100) };
}

const MAX_ENTRIES = 2000;
/** Parts below this size are not held to the ratio: tiny XML parts pack far better than sheets. */
const LARGE_PART = 10 * MiB;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

export function checkZipBudget(buf: Buffer, file: string, limits: ZipLimits): void {
  const refuse = () =>
    new ApiError(413, 'resource.import.inflatesTooMuch', {
      file,
      maxMegabytes: Math.round(limits.maxInflatedBytes / MiB),
      maxRatio: limits.maxRatio,
    });
  // The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ApiError(415, 'resource.import.fileType', { file });
  const entries = buf.readUInt16LE(eocd + 10);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || dirOffset === 0xffffffff || entries > MAX_ENTRIES) throw refuse();
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL)
      throw new ApiError(415, 'resource.import.fileType', { file });
    const packed = buf.readUInt32LE(at + 20);
    const inflated = buf.readUInt32LE(at + 24);
    if (packed === 0xffffffff || inflated === 0xffffffff) throw refuse();
    if (inflated > LARGE_PART && inflated > packed * limits.maxRatio) throw refuse();
    total += inflated;
    if (total > limits.maxInflatedBytes) throw refuse();
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
}
