/** Image captchas drawn as SVG (stroked glyph paths, distorted, with noise), stored hashed, single use. */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';
import { sha256 } from './tokens';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_LENGTH = 4;

type Stroke = [number, number][];
/** The open arc of C and G, from the top right round the left side to the bottom. */
const ARC: Stroke = [
  [8, 1],
  [6, 0],
  [2, 0],
  [0, 2],
  [0, 10],
  [2, 12],
  [6, 12],
];
/** The stem and bowl of P and R. */
const BOWL: Stroke = [
  [0, 12],
  [0, 0],
  [6, 0],
  [8, 2],
  [8, 4],
  [6, 6],
  [0, 6],
];
/** A stroke font on an 8 × 12 grid; confusable characters (0 O 1 I 2 Z S Q) are left out. */
const GLYPHS: Record<string, Stroke[]> = {
  A: [
    [
      [0, 12],
      [4, 0],
      [8, 12],
    ],
    [
      [2, 7],
      [6, 7],
    ],
  ],
  B: [
    [
      [0, 6],
      [6, 6],
      [8, 8],
      [8, 10],
      [6, 12],
      [0, 12],
      [0, 0],
      [5, 0],
      [7, 1.5],
      [7, 4.5],
      [5, 6],
    ],
  ],
  C: [[...ARC, [8, 11]]],
  D: [
    [
      [0, 0],
      [0, 12],
      [5, 12],
      [8, 9],
      [8, 3],
      [5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [8, 0],
      [0, 0],
      [0, 12],
      [8, 12],
    ],
    [
      [0, 6],
      [6, 6],
    ],
  ],
  F: [
    [
      [8, 0],
      [0, 0],
      [0, 12],
    ],
    [
      [0, 6],
      [6, 6],
    ],
  ],
  G: [[...ARC, [8, 10], [8, 7], [4, 7]]],
  H: [
    [
      [0, 0],
      [0, 12],
    ],
    [
      [8, 0],
      [8, 12],
    ],
    [
      [0, 6],
      [8, 6],
    ],
  ],
  J: [
    [
      [8, 0],
      [8, 10],
      [6, 12],
      [2, 12],
      [0, 10],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 12],
    ],
    [
      [8, 0],
      [0, 7],
    ],
    [
      [3, 5],
      [8, 12],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 12],
      [8, 12],
    ],
  ],
  M: [
    [
      [0, 12],
      [0, 0],
      [4, 7],
      [8, 0],
      [8, 12],
    ],
  ],
  N: [
    [
      [0, 12],
      [0, 0],
      [8, 12],
      [8, 0],
    ],
  ],
  P: [BOWL],
  R: [
    BOWL,
    [
      [4, 6],
      [8, 12],
    ],
  ],
  T: [
    [
      [0, 0],
      [8, 0],
    ],
    [
      [4, 0],
      [4, 12],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 10],
      [2, 12],
      [6, 12],
      [8, 10],
      [8, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [4, 12],
      [8, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2, 12],
      [4, 5],
      [6, 12],
      [8, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [8, 12],
    ],
    [
      [8, 0],
      [0, 12],
    ],
  ],
  Y: [
    [
      [0, 0],
      [4, 6],
      [8, 0],
    ],
    [
      [4, 6],
      [4, 12],
    ],
  ],
  3: [
    [
      [0, 1],
      [2, 0],
      [6, 0],
      [8, 2],
      [8, 4],
      [6, 6],
      [3, 6],
    ],
    [
      [6, 6],
      [8, 8],
      [8, 10],
      [6, 12],
      [2, 12],
      [0, 11],
    ],
  ],
  4: [
    [
      [6, 12],
      [6, 0],
      [0, 8],
      [8, 8],
    ],
  ],
  5: [
    [
      [8, 0],
      [0, 0],
      [0, 5],
      [6, 5],
      [8, 7],
      [8, 10],
      [6, 12],
      [0, 12],
    ],
  ],
  6: [
    [
      [7, 0],
      [2, 0],
      [0, 3],
      [0, 10],
      [2, 12],
      [6, 12],
      [8, 10],
      [8, 8],
      [6, 6],
      [0, 6],
    ],
  ],
  7: [
    [
      [0, 0],
      [8, 0],
      [3, 12],
    ],
  ],
  8: [
    [
      [2, 6],
      [0, 4],
      [0, 2],
      [2, 0],
      [6, 0],
      [8, 2],
      [8, 4],
      [6, 6],
      [2, 6],
      [0, 8],
      [0, 10],
      [2, 12],
      [6, 12],
      [8, 10],
      [8, 8],
      [6, 6],
    ],
  ],
  9: [
    [
      [8, 6],
      [2, 6],
      [0, 4],
      [0, 2],
      [2, 0],
      [6, 0],
      [8, 2],
      [8, 10],
      [6, 12],
      [1, 12],
    ],
  ],
};
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);

/** Random captcha text from the alphabet. */
export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return s;
}

/** Draws the text as an SVG: each glyph rotated, sheared, scaled and jittered, over noise curves and dots. */
export function drawCaptcha(text: string): string {
  const W = 130;
  const H = 44;
  const parts: string[] = [];
  parts.push(
    `<rect width="${W}" height="${H}" fill="rgb(${randomInt(235, 256)},${randomInt(235, 256)},${randomInt(235, 256)})"/>`,
  );
  const noiseCurve = (width: number) => {
    const c = `rgb(${randomInt(60, 200)},${randomInt(60, 200)},${randomInt(60, 200)})`;
    return `<path d="M${f(rand(0, 15))} ${f(rand(5, H - 5))} C${f(rand(20, 60))} ${f(rand(0, H))},${f(rand(60, 100))} ${f(rand(0, H))},${f(rand(W - 15, W))} ${f(rand(5, H - 5))}" stroke="${c}" stroke-width="${width}" fill="none"/>`;
  };
  for (let i = 0; i < 3; i++) parts.push(noiseCurve(rand(0.8, 1.6)));
  const step = (W - 16) / text.length;
  for (let i = 0; i < text.length; i++) {
    const glyph = GLYPHS[text[i] as string];
    if (!glyph) continue;
    const scale = rand(2.0, 2.5);
    const angle = (rand(-28, 28) * Math.PI) / 180;
    const shear = rand(-0.3, 0.3);
    const cx = 8 + step * i + step / 2 + rand(-3, 3);
    const cy = H / 2 + rand(-3, 3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const color = `rgb(${randomInt(10, 120)},${randomInt(10, 120)},${randomInt(10, 140)})`;
    const d = glyph
      .map((stroke) =>
        stroke
          .map(([gx, gy], k) => {
            // centre the 8 × 12 glyph, shear, scale, rotate, translate, jitter
            const x0 = (gx - 4 + (gy - 6) * shear) * scale;
            const y0 = (gy - 6) * scale;
            const x = cx + x0 * cos - y0 * sin + rand(-0.8, 0.8);
            const y = cy + x0 * sin + y0 * cos + rand(-0.8, 0.8);
            return `${k === 0 ? 'M' : 'L'}${f(x)} ${f(y)}`;
          })
          .join(' '),
      )
      .join(' ');
    parts.push(
      `<path d="${d}" stroke="${color}" stroke-width="${f(rand(2.2, 3.2))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  }
  for (let i = 0; i < 3; i++) parts.push(noiseCurve(rand(1, 2)));
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${f(rand(0, W))}" cy="${f(rand(0, H))}" r="${f(rand(0.5, 1.4))}" fill="rgb(${randomInt(80, 220)},${randomInt(80, 220)},${randomInt(80, 220)})"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const answerHash = (id: string, answer: string) => sha256(`${id}:${answer.trim().toUpperCase()}`);

/** Creates a captcha: stores the hashed answer with a 5-minute expiry; returns its id and image. */
export async function createCaptcha(
  db: Kysely<DB>,
  text: string = randomCaptchaText(),
): Promise<{ captchaId: string; image: string }> {
  const id = crypto.randomUUID();
  await db
    .insertInto('captcha')
    .values({ id, answer_hash: answerHash(id, text), expires_at: new Date(Date.now() + CAPTCHA_TTL_MS) })
    .execute();
  // Opportunistic clean-up of old rows.
  if (randomInt(0, 20) === 0) {
    await db
      .deleteFrom('captcha')
      .where('expires_at', '<', new Date(Date.now() - 3600_000))
      .execute();
  }
  return { captchaId: id, image: drawCaptcha(text) };
}

/** Consumes the captcha (single use, whether the answer is right or wrong); true when the answer matches. */
export async function consumeCaptcha(
  db: Kysely<DB>,
  id: string | undefined,
  answer: string | undefined,
): Promise<boolean> {
  if (!id || !answer || !/^[0-9a-f-]{36}$/i.test(id)) return false;
  const row = await db
    .updateTable('captcha')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('answer_hash')
    .executeTakeFirst();
  if (!row) return false;
  const expected = Buffer.from(row.answer_hash, 'hex');
  const actual = Buffer.from(answerHash(id, answer), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
