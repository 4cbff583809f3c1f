/**
 * Barcodes as vector shapes for the PDF renderer: bwip-js draws the symbol as SVG paths (the same
 * encoder in Node and the browser), read back here into bars (linear codes, stretched to the box)
 * or filled outlines (2D codes, square modules kept square).
 */
// The platform-neutral build, one encoder per symbology imported: the browser bundle carries only these three.
import { code128, datamatrix, drawingSVG, qrcode } from 'bwip-js/generic';
import type { CodeType } from './template';

const ENCODERS = { code128, qrcode, datamatrix } satisfies Record<CodeType, unknown>;

export interface BarcodeShape {
  /** The symbol's own size in its units. */
  width: number;
  height: number;
  /** Linear codes: vertical bars, left edge and width. */
  bars: { x: number; width: number }[];
  /** 2D codes: SVG path data, filled. */
  paths: string[];
}

const ATTR = /([a-z-]+)="([^"]*)"/g;

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(ATTR)) out[m[1]!] = m[2]!;
  return out;
}

/** The symbol for `text`, or null when the text cannot be encoded in this symbology. */
export function barcodeShape(type: CodeType, text: string): BarcodeShape | null {
  if (!text) return null;
  let svg: string;
  try {
    svg = ENCODERS[type]({ bcid: type, text, scale: 1, height: 10, paddingwidth: 0, paddingheight: 0 }, drawingSVG());
  } catch {
    return null;
  }
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) return null;
  const shape: BarcodeShape = { width: Number(box[1]), height: Number(box[2]), bars: [], paths: [] };
  for (const tag of svg.match(/<path [^>]*>/g) ?? []) {
    const a = attributes(tag);
    const d = a.d ?? '';
    if (a['stroke-width']) {
      // Linear codes: each "Mx yLx 0" is one bar, drawn as a line of that stroke width.
      const w = Number(a['stroke-width']);
      for (const m of d.matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g))
        shape.bars.push({ x: Number(m[1]) - w / 2, width: w });
    } else if (d) {
      shape.paths.push(d);
    }
  }
  return shape.bars.length || shape.paths.length ? shape : null;
}
