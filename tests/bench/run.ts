/**
 * `npm run bench`: the walking skeleton's figures, measured against a real server and Chromium.
 * - shell entry JavaScript, gzipped (the entry chunk and every chunk it preloads);
 * - time from pressing "log in" to the workbench, the landing screen, painted inside the sub-app (its
 *   notices card filled), cold and warm cache;
 * - a bridge `request` round trip from the sub-app against the same call made with fetch in the shell;
 * - the resource engine's lists, export and import (tests/bench/resources.ts);
 * - encoding rules: codes per second through the API against the bare counter statement (tests/bench/encoding.ts);
 * - load (T4.6): autocannon, 20 connections × 20 s, reads and mixed writes, against the committed
 *   baseline `tests/bench/load-baseline.json` (tests/bench/load.ts).
 * - materials and BOM (tests/bench/materials.ts);
 * - a 100-page PDF's first page painted in the documents preview (tests/bench/preview.ts);
 * - /api/health while hostile uploads are refused and 100,000 rows are parsed (tests/bench/parse-health.ts).
 * - what the browser downloads: the login page, the shell after login, each sub-app (tests/bench/bytes.ts);
 * - the audit trail: imports with history on and off, a record's history among 10,000,000 entries (tests/bench/audit.ts);
 * - the audit trail: import with history on and off, a record's history among 10,000,000 entries (tests/bench/audit.ts);
 * BENCH_ONLY=load (or materials, preview, encoding, parse, bytes, browser, audit, resources) runs that part alone
 * (browser: the downloads and the browser's timings).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { alternatingBlocks, resourceBench } from './resources';
import { bytesBench } from './bytes';
import { encodingBench } from './encoding';
import { parseHealthBench } from './parse-health';
import { materialBench } from './materials';
import { previewBench } from './preview';
import { describeLoad, loadRun, type LoadReport } from './load';
import { startPostgres } from './postgres';
import { auditBench } from './audit';
import { WORKBENCH_PAINTED, benchContext, pressToPaint, resetStamps } from './paint';

const root = resolve(import.meta.dirname, '../..');
const PORT = 18980;
const SUBAPPS = 14900;
const base = `http://localhost:${PORT}`;
const rows: [string, string][] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? NaN;

function shellEntrySize() {
  const html = readFileSync(join(root, 'dist/shell/index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const f of new Set(files)) {
    const buf = readFileSync(join(root, 'dist', f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  rows.push(['shell entry JS (files)', String(new Set(files).size)]);
  rows.push(['shell entry JS raw', `${(raw / 1024).toFixed(1)} KiB`]);
  rows.push(['shell entry JS gzipped', `${(gz / 1024).toFixed(1)} KiB`]);
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      SUBAPP_PORT_BASE: String(SUBAPPS),
      DATA_DIR: dataDir,
      LOGIN_CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Logs in from the login page; the milliseconds from the press to the workbench painted, stamped by the page. */
async function loginToTable(page: Page): Promise<number> {
  await page.goto(`${base}/en/login`);
  await page.locator('input[name="tenantCode"]').fill('demo');
  await page.locator('input[name="account"]').fill('admin');
  await page.locator('input[name="password"]').fill(process.env.ADMIN_PASSWORD ?? 'Admin@2026');
  await resetStamps(page);
  await page.getByTestId('login-submit').click();
  await page
    .frameLocator('[data-testid="frame-platform"]')
    .locator(WORKBENCH_PAINTED)
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
  const frame = page.frames().find((f) => f.url().startsWith(`http://localhost:${SUBAPPS}/`));
  if (!frame) throw new Error('platform frame not found');
  return pressToPaint(page, frame);
}

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/login$/);
}

/**
 * Switches between the workbench and a kept-alive table of the basic app, five times each way: from
 * the tab's click to the next frame painted after the other app's frame shows, timed in the page.
 */
async function tabSwitch(page: Page): Promise<number[]> {
  await page.getByTestId('menu-/basic/unit').click();
  await page
    .frameLocator('[data-testid="frame-basic"]')
    .getByTestId('page-unit')
    .waitFor({ state: 'visible', timeout: 60_000 });
  // Its rows arrive, and the workbench's idle loading settles.
  await page.waitForTimeout(3_000);
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const to = i % 2 === 0 ? { path: '/home', app: 'platform' } : { path: '/basic/unit', app: 'basic' };
    times.push(
      await page.evaluate(async ({ path, app }) => {
        const tab = document.querySelector<HTMLElement>(`[data-testid="tab-${path}"]`)!;
        const frame = document.querySelector<HTMLElement>(`[data-testid="frame-${app}"]`)!;
        const t = performance.now();
        tab.click();
        // Frame by frame until the app's frame shows, then the frame that paints it.
        while (!frame.checkVisibility({ visibilityProperty: true })) await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => requestAnimationFrame(r));
        return performance.now() - t;
      }, to),
    );
    await page.waitForTimeout(200);
  }
  return times.map((t) => Math.round(t));
}

const within = (ms: number, budget: number) =>
  `${ms} ms (budget ≤ ${budget.toLocaleString('en')} ms) ${ms <= budget ? 'PASS' : 'FAIL'}`;

/** Chromium's network held to a line of `mbps` megabits a second each way and `latencyMs` of delay. */
async function throttle(context: BrowserContext, page: Page, mbps: number, latencyMs: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytes = (mbps * 1_000_000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: bytes,
    uploadThroughput: bytes,
  });
}

async function timings(browser: Browser) {
  const cold: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await benchContext(browser);
    cold.push(await loginToTable(await context.newPage()));
    await context.close();
  }
  const slow: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await benchContext(browser);
    const page = await context.newPage();
    // The line throttles the frames' requests too: they go through the page's network.
    await throttle(context, page, 5, 40);
    slow.push(await loginToTable(page));
    await context.close();
  }
  const context = await benchContext(browser);
  const page = await context.newPage();
  await loginToTable(page);
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) {
    await logout(page);
    warm.push(await loginToTable(page));
  }
  // The login's own answer: the server checks the password with Argon2id (46 MiB, 2 passes).
  const loginAnswer = await page.evaluate(async (password) => {
    const t = performance.now();
    await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${btoa('portal-web:portal-web-secret')}` },
      body: JSON.stringify({ tenantCode: 'demo', account: 'admin', password }),
    });
    return Math.round(performance.now() - t);
  }, process.env.ADMIN_PASSWORD ?? 'Admin@2026');
  rows.push([
    'login pressed → workbench painted (notices card filled), cold cache (median of 3)',
    within(median(cold), 1000),
  ]);
  rows.push(['login pressed → workbench painted, warm cache (median of 3)', within(median(warm), 300)]);
  rows.push([
    'login pressed → workbench painted, cold cache over 5 Mbps / 40 ms (median of 3)',
    within(median(slow), 3000),
  ]);
  rows.push(['of which the login call alone (a password check, Argon2id)', `${loginAnswer} ms (reported)`]);
  rows.push([
    'tab switch to a kept-alive tab of another sub-app → painted (median of 5)',
    within(median(await tabSwitch(page)), 50),
  ]);

  const N = 200;
  const frame = page.frames().find((f) => f.url().startsWith(`http://localhost:${SUBAPPS}/`));
  if (!frame) throw new Error('platform frame not found');
  const bridgeCalls = (n: number) =>
    frame.evaluate(async (n) => {
      const bridge = window.portalBridge!;
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await bridge.request({ url: '/api/platform-system/dict', params: { page: 1, size: 10 } });
        times.push(performance.now() - t);
      }
      return times;
    }, n);
  // The same call as the bridge sends it: the shell's headers (language, factory, client, time zone).
  const directCalls = (n: number) =>
    page.evaluate(async (n) => {
      // No helper functions inside: the TypeScript runner would wrap them in its own, unknown to the page.
      const token = JSON.parse(localStorage.getItem('mes-portal:token') ?? 'null') as string;
      const factoryId = JSON.parse(
        localStorage.getItem('mes-portal:factoryId') ?? sessionStorage.getItem('mes-portal:factoryId') ?? 'null',
      ) as string | null;
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        'x-client-id': 'bench',
        'x-timezone-offset': String(new Date().getTimezoneOffset()),
      };
      if (factoryId) headers['x-factory-id'] = factoryId;
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const res = await fetch('/api/platform-system/dict?page=1&size=10', { headers });
        await res.json();
        times.push(performance.now() - t);
      }
      return times;
    }, n);
  const [viaBridge, direct] = await alternatingBlocks(bridgeCalls, directCalls, N / 20, 20);
  rows.push([
    `bridge request round trip (${N} calls) p50 / p95`,
    `${median(viaBridge).toFixed(2)} / ${p95(viaBridge).toFixed(2)} ms`,
  ]);
  rows.push([
    `direct fetch in the shell (${N} calls) p50 / p95`,
    `${median(direct).toFixed(2)} / ${p95(direct).toFixed(2)} ms`,
  ]);
  const ratio = median(viaBridge) / median(direct);
  rows.push(['bridge / direct (p50 ratio)', `${ratio.toFixed(2)}× (budget ≤ 1.2×) ${ratio <= 1.2 ? 'PASS' : 'FAIL'}`]);
  rows.push(['bridge overhead (p50 difference)', `${(median(viaBridge) - median(direct)).toFixed(2)} ms`]);
  await previewBench(page, base, rows);
  await context.close();
}

/**
 * Runs a section whose servers live in this process (built with buildApi, called with inject) in a
 * process of its own, as a server has its own. In one process, a section's figures were taken beside
 * whatever the sections before it had left in the heap (a million rows' lists, a 100,000-row import):
 * /api/health's p99 while ten hostile uploads were refused was 154 ms there, 31 ms in a process of its own.
 */
async function section(file: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-rows-'));
  const out = join(dir, 'rows.json');
  try {
    const code = await new Promise<number | null>((done, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests/bench', file)], {
        cwd: root,
        env: { ...process.env, BENCH_ROWS_FILE: out },
        stdio: 'inherit',
      });
      child.once('error', fail);
      child.once('exit', done);
    });
    if (code !== 0) throw new Error(`bench section ${file} ended with exit code ${code}`);
    rows.push(...(JSON.parse(readFileSync(out, 'utf8')) as [string, string][]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const LOAD_BASELINE = join(root, 'tests/bench/load-baseline.json');

async function loadBench() {
  const reports: LoadReport[] = [await loadRun({ database: 'pglite', seconds: 20, connections: 20 })];
  const pg = await startPostgres();
  if (pg) {
    try {
      reports.push(await loadRun({ database: 'postgres', databaseUrl: pg.url, seconds: 20, connections: 20 }));
    } finally {
      pg.stop();
    }
  } else rows.push(['load postgres', 'not run: no PostgreSQL binaries on this machine']);
  let baseline: LoadReport[] = [];
  try {
    baseline = JSON.parse(readFileSync(LOAD_BASELINE, 'utf8')) as LoadReport[];
  } catch {
    /* none committed yet */
  }
  for (const r of reports) {
    rows.push(...describeLoad(r));
    for (const f of r.runs) {
      const before = baseline.find((b) => b.database === r.database)?.runs.find((x) => x.scenario === f.scenario);
      if (before)
        rows.push([
          `load ${r.database} ${f.scenario} p99 / baseline`,
          `${(f.p99 / before.p99).toFixed(2)}× (baseline ${before.p99} ms)`,
        ]);
    }
  }
  if (process.env.BENCH_SAVE_BASELINE) writeFileSync(LOAD_BASELINE, `${JSON.stringify(reports, null, 2)}\n`);
}

async function main() {
  if (process.env.BENCH_ONLY === 'bom') return (await import('./bom')).runBomBench();
  const alone: Record<string, () => Promise<void>> = {
    load: loadBench,
    materials: () => materialBench(rows),
    encoding: () => encodingBench(rows),
    parse: () => parseHealthBench(rows),
    audit: () => auditBench(rows),
    resources: () => resourceBench(rows),
  };
  const only = alone[process.env.BENCH_ONLY ?? ''];
  if (only) {
    await only();
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log('\n' + rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
    return;
  }
  if (process.env.BENCH_ONLY === 'bytes' || process.env.BENCH_ONLY === 'browser') {
    shellEntrySize();
    const stopServer = await startServer();
    const b = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      await bytesBench(b, base, loginToTable, rows);
      if (process.env.BENCH_ONLY === 'browser') await timings(b);
    } finally {
      await b.close();
      stopServer();
    }
    console.log('\n' + rows.map(([k, v]) => `${k}  ${v}`).join('\n'));
    return;
  }
  if (process.env.BENCH_ONLY === 'preview') {
    const stopServer = await startServer();
    const b = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const page = await (await benchContext(b)).newPage();
      await loginToTable(page);
      await previewBench(page, base, rows);
    } finally {
      await b.close();
      stopServer();
    }
    console.log('\n' + rows.map(([k, v]) => `${k}  ${v}`).join('\n'));
    return;
  }
  shellEntrySize();
  const stop = await startServer();
  // A browser that cannot start must not leave the server behind (it would hold the ports of the next run).
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    })
    .catch((err: unknown) => {
      stop();
      throw err;
    });
  try {
    await bytesBench(browser, base, loginToTable, rows);
    await timings(browser);
  } finally {
    await browser.close();
    stop();
  }
  // The resource engine (issue 3): lists, export and import on 1,000,000 rows (BENCH_ROWS).
  await section('resources.ts');
  // Encoding rules (issue 6): codes per second through the API against the bare counter statement.
  await section('encoding.ts');
  // Uploads read off the event loop (issue 22): /api/health while hostile and large sheets are read.
  await section('parse-health.ts');
  // Materials and BOM (issue 7): the material list on 1,000,000 materials, a 2,000-line BOM explosion.
  await section('materials.ts');
  // The audit trail (issue 25): imports with history on and off, a record's history among 10,000,000 entries.
  await section('audit.ts');
  // Load (T4.6): reads and mixed writes under 20 connections, PGlite and PostgreSQL.
  await loadBench();
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('\n' + rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
