import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { explode, totals, whereUsed, wouldCycle, type BomLine } from '../../model/bom';

let n = 0;
const line = (parent: string, child: string, dosage: number, lossRate = 0, serialNumber = 10): BomLine => ({
  id: `l${++n}`,
  parent,
  child,
  dosage,
  lossRate,
  serialNumber,
});

// A meter: 1 case, 1 board assembly (2 % loss); the board takes 4 resistors (5 % loss) and 1 chip; the case 4 screws.
const METER = [
  line('METER', 'CASE', 1, 0, 10),
  line('METER', 'BOARD', 1, 2, 20),
  line('BOARD', 'RES', 4, 5, 10),
  line('BOARD', 'CHIP', 1, 0, 20),
  line('CASE', 'SCREW', 4, 0, 10),
  line('METER', 'SCREW', 2, 0, 30),
];

describe('BOM', () => {
  it('explodes levels with loss multiplied down, in serial-number order', () => {
    const e = explode(METER, 'METER', 10);
    expect(e.map((x) => [x.child, x.level])).toEqual([
      ['CASE', 1],
      ['SCREW', 2],
      ['BOARD', 1],
      ['RES', 2],
      ['CHIP', 2],
      ['SCREW', 1],
    ]);
    const res = e.find((x) => x.child === 'RES')!;
    expect(res.quantity).toBeCloseTo(10 * 1.02 * 4 * 1.05, 10);
    const t = totals(e);
    expect(t.find((x) => x.child === 'SCREW')).toEqual({ child: 'SCREW', quantity: 60, lowLevel: 2 });
  });

  it('refuses a line that would make a product contain itself', () => {
    expect(wouldCycle(METER, 'RES', 'METER')).toBe(true);
    expect(wouldCycle(METER, 'CHIP', 'BOARD')).toBe(true);
    expect(wouldCycle(METER, 'METER', 'METER')).toBe(true);
    expect(wouldCycle(METER, 'CASE', 'CHIP')).toBe(false);
    expect(() => explode([...METER, line('RES', 'METER', 1)], 'METER')).toThrow(/cycle/);
  });

  it('finds where a component is used, through assemblies', () => {
    expect(whereUsed(METER, 'RES')).toEqual([
      { parent: 'BOARD', level: 1 },
      { parent: 'METER', level: 2 },
    ]);
    expect(
      whereUsed(METER, 'SCREW')
        .map((x) => x.parent)
        .sort(),
    ).toEqual(['CASE', 'METER']);
    expect(whereUsed(METER, 'METER')).toEqual([]);
  });

  it('never accepts a cycle whatever lines are added in whatever order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })), { maxLength: 40 }),
        (pairs) => {
          const accepted: BomLine[] = [];
          for (const [a, b] of pairs) {
            if (!wouldCycle(accepted, `P${a}`, `P${b}`)) accepted.push(line(`P${a}`, `P${b}`, 1));
          }
          // Every product explodes without meeting itself.
          for (let i = 0; i < 8; i++) expect(() => explode(accepted, `P${i}`)).not.toThrow();
        },
      ),
      { numRuns: 200 },
    );
  });
});
