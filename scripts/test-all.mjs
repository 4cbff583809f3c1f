#!/usr/bin/env node
/**
 * `npm test`: every suite in turn — import directions, types, unit and server tests (vitest, on
 * PGlite and on a PostgreSQL started from the machine's binaries), the build, and the browser tests
 * (Playwright driving Debian's Chromium). Ends with one line: `N passed, N failed`.
 *
 * It sets the machine up first: the Debian packages the suites need (Chromium, a CJK font, PostgreSQL's
 * server binaries, PgBouncer, ffmpeg, openssl) are installed with apt-get when they are missing and
 * this runs as root; otherwise it stops at once, printing the one command that installs them.
 * `PORTAL_TEST_SETUP=off` skips the check (the suites then skip what they cannot run, saying why).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: process.env.CI ?? '' };
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(name, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`=== ${name}: exit ${res.status ?? 1} after ${Math.round((Date.now() - started) / 1000)} s`);
  return res.status ?? 1;
}

function check(name, cmd, args) {
  const ok = run(name, cmd, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Whether a command is on the PATH (or at one of `paths`). */
function have(command, paths = []) {
  if (paths.some((p) => existsSync(p))) return true;
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The Debian packages the suites need, each with how to tell it is there. */
const SYSTEM_PACKAGES = [
  {
    pkg: 'chromium',
    why: 'browser tests',
    present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') || have('chromium'),
  },
  {
    pkg: 'fonts-wqy-zenhei',
    why: 'Chinese text in browser screenshots and printed PDFs',
    present: () => spawnSync('sh', ['-c', 'fc-list 2>/dev/null | grep -qi "wenquanyi\\|wqy"']).status === 0,
  },
  {
    pkg: 'postgresql',
    why: 'the PostgreSQL variant of the server tests',
    present: () =>
      (existsSync('/usr/lib/postgresql') &&
        readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))) ||
      have('initdb'),
  },
  { pkg: 'pgbouncer', why: 'the connection pooling test', present: () => have('pgbouncer', ['/usr/sbin/pgbouncer']) },
  { pkg: 'ffmpeg', why: 'the video of the document preview test', present: () => have('ffmpeg') },
  { pkg: 'openssl', why: 'the certificate of the https browser test', present: () => have('openssl') },
];

/**
 * Installs the missing packages (root with apt-get), or stops with the one command that does.
 * Returns false when the run must stop.
 */
function setUpMachine() {
  if (['off', '0', 'false'].includes(String(process.env.PORTAL_TEST_SETUP ?? '').toLowerCase())) return true;
  const missing = SYSTEM_PACKAGES.filter((p) => !p.present());
  if (missing.length === 0) return true;
  const names = missing.map((p) => p.pkg);
  const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${names.join(' ')}`;
  console.log(`\n=== setup: missing Debian packages: ${missing.map((p) => `${p.pkg} (${p.why})`).join(', ')}`);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && have('apt-get')) {
    console.log(`=== setup: ${install}`);
    const res = spawnSync('sh', ['-c', install], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const still = SYSTEM_PACKAGES.filter((p) => !p.present()).map((p) => p.pkg);
    if (res.status === 0 && still.length === 0) return true;
    console.log(`\nCould not install: ${still.join(' ') || names.join(' ')} (apt-get exited ${res.status}).`);
  } else if (!have('apt-get')) {
    console.log(
      '\nThis machine has no apt-get: install the equivalents of these Debian packages, or run with PORTAL_TEST_SETUP=off to skip what needs them.',
    );
  }
  console.log(`\nRun this once, then npm test again:\n\n  sudo sh -c '${install}'\n`);
  return false;
}

if (!setUpMachine()) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

check('lint', 'node', ['scripts/lint-imports.mjs']);
check('format', 'npx', ['prettier', '--check', '.']);
check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);

const vitestOut = join(tmp, 'vitest.json');
rmSync(vitestOut, { force: true });
const vitestStatus = run('vitest (unit, server)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestOut}`,
]);
const v = readJson(vitestOut);
if (v) {
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  // A file that fails to load counts as a failure even though it ran no test.
  const brokenFiles = (v.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  totals.failed += brokenFiles;
  lines.push(
    `vitest: ${v.numPassedTests} passed, ${v.numFailedTests + brokenFiles} failed, ${v.numPendingTests ?? 0} skipped`,
  );
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
