import { describe, expect, it } from 'vitest';
import { ExpressionError, evaluateCondition, parseExpression } from '../../model/workflow/expression';
import { formatAssignee, parseAssignee } from '../../model/workflow/assignee';

describe('gateway conditions', () => {
  const vars = { amount: 25000, currency: 'CNY', urgent: true, line: { code: 'L1' }, note: null };

  it('compares numbers, strings and booleans, with && || ! and parentheses', () => {
    expect(evaluateCondition('${amount >= 10000}', vars)).toBe(true);
    expect(evaluateCondition('${amount < 10000}', vars)).toBe(false);
    expect(evaluateCondition("${currency == 'CNY' && !(amount > 30000)}", vars)).toBe(true);
    expect(evaluateCondition('${currency != "CNY" || urgent}', vars)).toBe(true);
    expect(evaluateCondition("${line.code == 'L1'}", vars)).toBe(true);
    expect(evaluateCondition('${environment.variables.amount > 1}', vars)).toBe(true);
    // A form's "100" equals the model's 100.
    expect(evaluateCondition('${amount == 25000}', { amount: '25000' })).toBe(true);
  });

  it('reads a missing variable as undefined: comparisons with it are false, never an error', () => {
    expect(evaluateCondition('${missing > 1}', vars)).toBe(false);
    expect(evaluateCondition('${missing == null}', vars)).toBe(true);
    expect(evaluateCondition('${note == null}', vars)).toBe(true);
    expect(evaluateCondition("${amount > 'abc'}", vars)).toBe(false);
  });

  it('refuses anything outside the grammar, so no model can run code', () => {
    for (const bad of [
      'constructor.constructor("return 1")()',
      'amount + 1',
      'a = 1',
      'amount >',
      '(amount > 1',
      'process.exit(1)',
      '`x`',
      'amount; 1',
    ]) {
      expect(() => parseExpression(bad), bad).toThrow(ExpressionError);
    }
    expect(evaluateCondition('${constructor}', vars)).toBeUndefined();
    expect(evaluateCondition('${line.__proto__}', vars)).toBeUndefined();
    expect(() => parseExpression('a'.repeat(501))).toThrow(ExpressionError);
  });
});

describe('task assignees', () => {
  it('reads and writes the four kinds and refuses the rest', () => {
    for (const text of ['user:li.lei', 'role:approver', 'dept-head:QA', 'manager'])
      expect(formatAssignee(parseAssignee(text)!)).toBe(text);
    for (const bad of ['', 'nobody', 'group:x', 'user:', 'role:a b', 'user:x;drop'])
      expect(parseAssignee(bad), bad).toBeNull();
  });
});
