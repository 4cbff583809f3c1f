/**
 * What a document's bytes are, told by their content: the file name's suffix must be one of the
 * suffixes its content allows (a renamed program is no PDF), and the preview follows the content.
 */
const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Uint8Array, from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));

export type PreviewKind = 'pdf' | 'video' | 'image';

/** The suffixes the content may carry (lower case, without dot); empty when the content is not recognised. */
export function suffixesFor(head: Uint8Array): string[] {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return ['pdf'];
  if (startsWith(head, [0xff, 0xd8, 0xff])) return ['jpg', 'jpeg'];
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ['png'];
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return ['gif'];
  if (startsWith(head, [0x42, 0x4d]) && head.length > 14) return ['bmp'];
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return ['webp'];
  if (ascii(head, 4, 8) === 'ftyp') return ['mp4', 'm4v', 'mov'];
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return ['webm', 'mkv'];
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return ['docx', 'xlsx', 'pptx', 'zip'];
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return ['doc', 'xls', 'ppt'];
  if (!head.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
      return ['txt', 'csv', 'md', 'log'];
    } catch {
      /* not text */
    }
  }
  return [];
}

export function suffixOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return m ? m[1]!.toLowerCase() : '';
}

const KINDS: Record<string, PreviewKind> = {
  pdf: 'pdf',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  bmp: 'image',
  webp: 'image',
};
const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export function previewKind(suffix: string): PreviewKind | null {
  return KINDS[suffix] ?? null;
}

export function mimeOf(suffix: string): string {
  return MIME[suffix] ?? 'application/octet-stream';
}
