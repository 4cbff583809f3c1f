/** Reading back what a rendered PDF holds, for tests: page count and the text it draws. */
import { inflateSync } from 'node:zlib';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Pages of the document (page objects, not the page tree). */
export function pageCount(bytes: Uint8Array): number {
  return (latin1(bytes).match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

/** The content streams, inflated where compressed. */
function streams(bytes: Uint8Array): string[] {
  const text = latin1(bytes);
  const out: string[] = [];
  const re = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    const raw = Buffer.from(text.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        out.push(inflateSync(raw).toString('latin1'));
      } catch {
        /* not a content stream we can read */
      }
    } else {
      out.push(raw.toString('latin1'));
    }
  }
  return out;
}

/** Every string shown with Tj, in order (hex or literal). */
export function shownText(bytes: Uint8Array): string[] {
  const out: string[] = [];
  for (const s of streams(bytes)) {
    for (const m of s.matchAll(/(?:<([0-9A-Fa-f]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g)) {
      out.push(m[1] !== undefined ? Buffer.from(m[1], 'hex').toString('latin1') : m[2]!.replace(/\\(.)/g, '$1'));
    }
  }
  return out;
}

/** Filled shapes drawn (`f` operators): a barcode's bars and modules are made of them. */
export function fillCount(bytes: Uint8Array): number {
  return streams(bytes).reduce((n, s) => n + (s.match(/\nf\n/g) ?? []).length, 0);
}
