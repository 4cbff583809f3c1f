#!/usr/bin/env node
/**
 * `npm test`: every suite in turn — import directions, types, unit and server tests (vitest, on
 * PGlite and on a PostgreSQL started from the machine's binaries), the build, and the browser tests
 * (Playwright driving Debian's Chromium). Ends with one line: `N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: process.env.CI ?? '' };
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(name, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  return res.status ?? 1;
}

function check(name, cmd, args) {
  const ok = run(name, cmd, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
  return ok;
}

function readJson(file) {
  try { return JSON.parse(readFileSync(file, 'utf8')); } catch { return null; }
}

check('lint', 'node', ['scripts/lint-imports.mjs']);
check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);

const vitestOut = join(tmp, 'vitest.json');
rmSync(vitestOut, { force: true });
const vitestStatus = run('vitest (unit, server)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestOut}`]);
const v = readJson(vitestOut);
if (v) {
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  // A file that fails to load counts as a failure even though it ran no test.
  const brokenFiles = (v.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  totals.failed += brokenFiles;
  lines.push(`vitest: ${v.numPassedTests} passed, ${v.numFailedTests + brokenFiles} failed, ${v.numPendingTests ?? 0} skipped`);
} else {
  totals.failed += 1;
  lines.push(`vitest: no report (exit ${vitestStatus})`);
}

const built = check('build', 'npm', ['run', 'build', '--silent']);
if (built) {
  const pwOut = join(tmp, 'playwright.json');
  rmSync(pwOut, { force: true });
  const pwStatus = run('browser (playwright)', 'npx', ['playwright', 'test'], { CI: '1' });
  const p = readJson(pwOut);
  if (p?.stats) {
    const failed = p.stats.unexpected + (p.errors?.length ?? 0);
    totals.passed += p.stats.expected + p.stats.flaky;
    totals.failed += failed;
    totals.skipped += p.stats.skipped;
    lines.push(`playwright: ${p.stats.expected + p.stats.flaky} passed, ${failed} failed, ${p.stats.skipped} skipped`);
  } else {
    totals.failed += 1;
    lines.push(`playwright: no report (exit ${pwStatus})`);
  }
} else {
  lines.push('playwright: not run (build failed)');
}

console.log('\n=== summary');
for (const line of lines) console.log(line);
if (totals.skipped) console.log(`(${totals.skipped} skipped, each with its reason printed above)`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
