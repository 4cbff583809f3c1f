/** Picture types recognised by their content, never by their name or the client's content type. */
export type PictureType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/bmp';

const startsWith = (buf: Uint8Array, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

export function sniffPicture(buf: Uint8Array): PictureType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38]) && (buf[4] === 0x37 || buf[4] === 0x39) && buf[5] === 0x61)
    return 'image/gif';
  // BMP: "BM", then the file size, two reserved words that are zero in practice, and a header size of 12–124.
  if (startsWith(buf, [0x42, 0x4d]) && buf.length >= 18) {
    const headerSize = buf[14]! | (buf[15]! << 8) | (buf[16]! << 16) | (buf[17]! << 24);
    if ([12, 40, 52, 56, 64, 108, 124].includes(headerSize)) return 'image/bmp';
  }
  return null;
}
