/** An import chunk's history kept in one row (migration 037): packed, hashed and read back per record. */
import { describe, expect, it } from 'vitest';
import type { AuditChange } from '../../model/audit';
import { BatchPacker, itemId, unpackRecord } from '../../server/audit/batch';
import { diffInto } from '../../server/audit/diff';
import { canonical, changesText } from '../../server/audit/hash';

const records: { id: string; code: string | null; changes: AuditChange[] }[] = [
  {
    id: 'r1',
    code: 'M-1',
    changes: [
      { field: 'code', before: null, after: 'M-1' },
      { field: 'shelfLife', before: null, after: 30 },
    ],
  },
  {
    id: 'r2',
    code: 'M-2',
    changes: [
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'spec', before: { b: 1, a: [2, null] }, after: null },
    ],
  },
  {
    id: 'r3',
    code: null,
    changes: [
      { field: 'password', before: null, after: null, secret: true },
      { field: 'name', before: null, after: '名称' },
    ],
  },
  { id: 'r4', code: 'M-4', changes: [] },
];

function packed(): BatchPacker {
  const p = new BatchPacker();
  for (const r of records)
    p.add(r.code, (emit) => {
      for (const c of r.changes) emit(c.field, c.before as never, c.after as never, c.secret === true);
    });
  return p;
}

describe('audit batches', () => {
  it('gives back every record its own code and changes, befores and secrets included', () => {
    const p = packed();
    expect(p.size).toBe(4);
    // Field keys are written once for the whole batch.
    expect(p.changes.fields).toEqual(['code', 'shelfLife', 'name', 'spec', 'password']);
    // A new record carries no befores at all.
    expect(p.changes.records[0]).toHaveLength(3);
    const back = JSON.parse(JSON.stringify(p.changes)) as typeof p.changes;
    records.forEach((r, i) =>
      expect(unpackRecord(back.fields, back.records[i])).toEqual({ recordCode: r.code, changes: r.changes }),
    );
  });

  it("hashes a batch by the same canonical text it stores, whatever order an object value's keys come in", () => {
    const p = packed();
    expect(p.canonical()).toBe(canonical(p.changes));
    expect(changesText(p.changes)).toBe(p.canonical());
    const reordered = JSON.parse(JSON.stringify(p.changes).replace('{"b":1,"a":[2,null]}', '{"a":[2,null],"b":1}'));
    expect(changesText(reordered)).toBe(changesText(p.changes));
  });

  it("names each record's entry by a stable id", () => {
    expect(itemId('8d0f5f0e-9a3b-4c1e-9a53-3f1f0c6f2b11', 1)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(itemId('8d0f5f0e-9a3b-4c1e-9a53-3f1f0c6f2b11', 1)).toBe(itemId('8d0f5f0e-9a3b-4c1e-9a53-3f1f0c6f2b11', 1));
    expect(itemId('8d0f5f0e-9a3b-4c1e-9a53-3f1f0c6f2b11', 1)).not.toBe(
      itemId('8d0f5f0e-9a3b-4c1e-9a53-3f1f0c6f2b11', 2),
    );
  });

  it('diffs only the given fields, in their order, leaving out what an update does not name', () => {
    const seen: string[] = [];
    diffInto(
      { a: 1, b: 2, c: 3, updatedAt: 'x' },
      { c: 4, a: 1, updatedAt: 'y', extra: 5 },
      { fields: ['a', 'b', 'c', 'updatedAt'] },
      (f, b, a) => seen.push(`${f}:${JSON.stringify(b)}→${JSON.stringify(a)}`),
    );
    expect(seen).toEqual(['c:3→4']);
  });
});
