/**
 * Checks an xlsx package's table of contents before any of it is inflated (SECURITY-TESTS T2.7):
 * a few megabytes of zip can claim gigabytes of sheet XML (a zip bomb). The central directory
 * states each entry's inflated size; a package that claims too much, hides its sizes (ZIP64), or
 * holds an absurd number of parts is refused without parsing.
 */
import { ApiError } from '../../http';

/** Inflated bytes one import may hold: well above 200,000 rows × 200 columns of real data. */
export const MAX_INFLATED_BYTES = 512 * 1024 * 1024;
const MAX_ENTRIES = 2000;
/**
 * Compression beyond this ratio on a large part is a bomb, not a spreadsheet: sheet XML packs about
 * 9–12:1 (exceljs, 100,000 rows, varied or all alike), 30:1 at most in practice. At 400:1 a 1 MB
 * upload could still unpack to 300 MiB and hold the server for half a minute (T2.12); at 100:1 such a
 * file is refused before anything is inflated.
 */
export const MAX_RATIO = 100;
const LARGE_PART = 10 * 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

const refuse = () => new ApiError(413, 'resource.import.inflatesTooMuch', { maxMegabytes: MAX_INFLATED_BYTES / 1024 / 1024 });

export function checkZipBudget(buf: Buffer): void {
  // The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ApiError(415, 'resource.import.fileType');
  const entries = buf.readUInt16LE(eocd + 10);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || dirOffset === 0xffffffff || entries > MAX_ENTRIES) throw refuse();
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new ApiError(415, 'resource.import.fileType');
    const packed = buf.readUInt32LE(at + 20);
    const inflated = buf.readUInt32LE(at + 24);
    if (packed === 0xffffffff || inflated === 0xffffffff) throw refuse();
    if (inflated > LARGE_PART && inflated > packed * MAX_RATIO) throw refuse();
    total += inflated;
    if (total > MAX_INFLATED_BYTES) throw refuse();
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
}
