import { describe, expect, it } from 'vitest';
import { inputSchema, issuesOf } from '../../model/engine';
import { unit, warehouseArea, shift } from '../../model/resources';

const issues = (def: Parameters<typeof inputSchema>[0], input: Record<string, unknown>) => {
  const r = inputSchema(def).safeParse(input);
  return r.success ? [] : issuesOf(r.error).map((i) => `${i.field}:${i.key}`);
};

describe('resource input schema (the same on client and server)', () => {
  it('says "required" for any blank required field, whatever its kind', () => {
    expect(issues(unit, { code: 'PCS', name: 'Pieces', type: '', accuracy: 0 })).toEqual(['type:validation.required']);
    expect(issues(warehouseArea, { code: 'A1', name: 'Area', warehouseId: null, type: 'storage' })).toEqual([
      'warehouseId:validation.required',
    ]);
  });

  it("keeps the kind's own message for a wrong value that is not blank", () => {
    expect(issues(unit, { code: 'PCS', name: 'Pieces', type: 'colour', accuracy: 10 }).sort()).toEqual([
      'accuracy:validation.tooLarge',
      'type:validation.option',
    ]);
  });

  it('drops keys that are not fields, so id, tenant and factory cannot be written', () => {
    const r = inputSchema(unit).parse({
      code: 'KG',
      name: 'Kilogram',
      type: 'weight',
      accuracy: 3,
      id: 'x',
      tenantId: 'y',
      factoryId: 'z',
    });
    expect(r).toMatchObject({ code: 'KG', name: 'Kilogram', type: 'weight', accuracy: 3 });
    for (const key of ['id', 'tenantId', 'factoryId']) expect(r).not.toHaveProperty(key);
  });

  it('refuses blank detail rows (SPEC §5)', () => {
    const found = issues(shift, { code: 'S1', name: 'Morning', intervals: [{ start: '', end: '' }] });
    expect(found.some((i) => i.endsWith('validation.blankRows') || i.includes('validation.required'))).toBe(true);
  });
});
