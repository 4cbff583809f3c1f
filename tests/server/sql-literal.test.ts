/**
 * `literal` (server/db/tenant-scope.ts) inlines values into statements sent without parameters
 * (the audit of issued codes, sent with its COMMIT); `arrayLiteral` (import-write.ts) sends an
 * import's column as the text of one array. Whatever a value holds, the database must read back
 * exactly that value, on both databases.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal } from '../../server/db/tenant-scope';
import { arrayLiteral } from '../../server/engine/io/import-write';
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

  it('reads an array of every value back element by element, nulls and the word NULL kept apart', async () => {
    const values = [...VALUES, null, 'NULL', 'null', '{a,b}', 'a,b', ' padded ', '"', '\\"', '{}', '{"x"}'];
    const r = await sql<{ v: (string | null)[] }>`select ${arrayLiteral(values)}::text::text[] as v`.execute(
      h.database.db,
    );
    expect(r.rows[0]!.v).toEqual(values);
    const empty = await sql<{ n: number }>`select cardinality(${arrayLiteral([])}::text::text[]) as n`.execute(
      h.database.db,
    );
    expect(empty.rows[0]!.n).toBe(0);
  });

  it('refuses U+0000, which no text value can hold', () => {
    expect(() => literal('a\u0000b')).toThrow(/U\+0000/);
  });
});
