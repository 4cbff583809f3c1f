import { describe, expect, it } from 'vitest';
import { needsFactoryChoice } from '../../model/auth';

describe('factory selection and entry (SPEC §2)', () => {
  it('asks only when there are several factories and none of them is chosen', () => {
    expect(needsFactoryChoice(['a', 'b'], null)).toBe(true);
    expect(needsFactoryChoice(['a', 'b'], 'gone')).toBe(true);
    expect(needsFactoryChoice(['a', 'b'], 'b')).toBe(false);
    expect(needsFactoryChoice(['a'], null)).toBe(false);
    expect(needsFactoryChoice([], null)).toBe(false);
  });
});
