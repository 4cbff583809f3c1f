/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*` (RFC 5987, UTF-8,
 * percent-encoded) wins over the plain `filename`; null when neither is there.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      /* a malformed encoding: fall back to the plain name */
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return value || null;
}
