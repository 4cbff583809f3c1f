/**
 * Scan-rule patterns run on the server with a time limit: the static check of model/rules/pattern.ts
 * refuses the known catastrophic shapes, and this stops whatever slips past it from holding the
 * event loop. The match runs in a separate V8 context whose `timeout` interrupts the regular
 * expression engine itself.
 */
import vm from 'node:vm';
import type { PatternMatcher } from '../../model/rules';

export const PATTERN_TIMEOUT_MS = 50;

const sandbox = vm.createContext({ source: '', input: '' });
const script = new vm.Script(`(() => {
  const m = new RegExp('^(?:' + source + ')$', 'd').exec(input);
  if (!m) return null;
  const groups = {};
  for (const [name, value] of Object.entries(m.groups || {})) {
    const at = m.indices.groups && m.indices.groups[name];
    if (value !== undefined && at) groups[name] = { value: String(value), start: at[0] };
  }
  return JSON.stringify(groups);
})()`);

const TIMED_OUT = Symbol('timeout');

function runOnce(source: string, input: string): unknown {
  sandbox.source = source;
  sandbox.input = input;
  try {
    return script.runInContext(sandbox, { timeout: PATTERN_TIMEOUT_MS });
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? TIMED_OUT : null;
  }
}

/**
 * A pattern that will not compile matches nothing (the definition refuses it on save anyway). The
 * limit is wall time, so a busy machine can stop a quick pattern once: only a second stop in a row
 * calls the pattern slow. A catastrophic one is stopped both times.
 */
export const guardedMatch: PatternMatcher = (source, input) => {
  let out = runOnce(source, input);
  if (out === TIMED_OUT) out = runOnce(source, input);
  if (out === TIMED_OUT) return 'timeout';
  return typeof out === 'string'
    ? { groups: JSON.parse(out) as Record<string, { value: string; start: number }> }
    : null;
};
