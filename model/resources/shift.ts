import { defineResource, field, type RuleIssue } from '../engine';

const DAY = 24 * 60;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** An interval as ranges of minutes in one day; one that ends before it starts runs past midnight. */
function ranges(start: string, end: string): [number, number][] {
  const s = minutes(start);
  const e = minutes(end);
  return e > s
    ? [[s, e]]
    : [
        [s, DAY],
        [0, e],
      ];
}

/** Each interval ends at another time than it starts, and no two intervals overlap (a shift may cross midnight). */
export function intervalIssues(row: Record<string, unknown>): RuleIssue[] {
  const list = Array.isArray(row.intervals) ? (row.intervals as { start?: unknown; end?: unknown }[]) : [];
  const issues: RuleIssue[] = [];
  const taken: { index: number; range: [number, number] }[] = [];
  list.forEach((iv, i) => {
    if (typeof iv.start !== 'string' || typeof iv.end !== 'string') return;
    if (iv.start === iv.end) {
      issues.push({ field: `intervals.${i}.end`, key: 'validation.intervalEmpty' });
      return;
    }
    const mine = ranges(iv.start, iv.end);
    const clash = taken.find((t) => mine.some(([s, e]) => s < t.range[1] && t.range[0] < e));
    if (clash)
      issues.push({
        field: `intervals.${i}.start`,
        key: 'validation.intervalOverlap',
        params: { row: clash.index + 1 },
      });
    else taken.push(...mine.map((range) => ({ index: i, range })));
  });
  return issues;
}

/** Shift (SPEC §3): code, name, type, time intervals (at least one; SPEC §5: no blank rows). */
export const shift = defineResource({
  name: 'shift',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:shift',
  menu: { group: 'factory-model' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('shiftType', ['day', 'middle', 'night'], { required: true, search: true }),
    // `shift.intervals` holds the sub-field labels, so the field's own label is its `_title`.
    intervals: field.details(
      { start: field.time({ required: true }), end: field.time({ required: true }) },
      { minRows: 1, maxRows: 6, label: 'shift.intervals._title' },
    ),
    remark: field.textarea({ max: 255 }),
  },
  rules: intervalIssues,
});
