/**
 * `literal` (server/db/tenant-scope.ts) inlines values into statements sent without parameters
 * (the audit of issued codes, sent with its COMMIT). Whatever a value holds, the database must
 * read back exactly that value, on both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal } from '../../server/db/tenant-scope';
import { DIALECTS, startHarness, type Harness } from './harness';

const VALUES = [
  '',
  "'",
  "''",
  '\\',
  "\\'",
  "'\\",
  "E'x'",
  '$$',
  '$tag$ x $tag$',
  '; drop table tenant; --',
  'line\nbreak\ttab\r',
  '中文 Tiếng Việt Ñandú 😀',
  '{"a":"b\\"c"}',
  '\\x00',
  '\\u0000',
  'x'.repeat(10_000),
];

describe.each(DIALECTS)('SQL literals [%s]', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reads back every value exactly as given', async () => {
    for (const value of VALUES) {
      const r = await sql.raw<{ v: string }>(`select ${literal(value)}::text as v`).execute(h.database.db);
      expect(r.rows[0]!.v, JSON.stringify(value)).toBe(value);
    }
  });

  it('refuses U+0000, which no text value can hold', () => {
    expect(() => literal('a\u0000b')).toThrow(/U\+0000/);
  });
});
