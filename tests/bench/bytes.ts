/**
 * What the browser downloads (issue 23), counted from Chromium's requests and gzipped from the built
 * files: the login page (its entry, preloads, and the texts of its language), the shell after login,
 * and each sub-app's files beyond those the browser already holds from the shell.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import type { Row } from './resources';
import { benchContext } from './paint';

const dist = resolve(import.meta.dirname, '../../dist');
const KB = 1024;

/** A build file a frame asked for: its full URL, and the origin of the page that asked. */
interface Fetched {
  url: string;
  path: string;
  page: string;
}

function record(page: Page): Fetched[] {
  const seen: Fetched[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/assets/'))
      seen.push({ url: u.href, path: u.pathname, page: new URL(r.frame().url()).origin });
  });
  return seen;
}

const gzipped = new Map<string, number>();
function gz(path: string): number {
  let n = gzipped.get(path);
  if (n === undefined) gzipped.set(path, (n = gzipSync(readFileSync(join(dist, path)), { level: 9 }).length));
  return n;
}

function sum(files: Iterable<string>, ext: '.js' | '.css'): number {
  let total = 0;
  for (const f of new Set(files)) if (f.endsWith(ext)) total += gz(f);
  return total;
}

/** `BENCH_BYTES_FILES=1` lists each file counted, to see what a figure is made of. */
function list(label: string, files: Iterable<string>): void {
  if (!process.env.BENCH_BYTES_FILES) return;
  const rows = [...new Set(files)]
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => [gz(f), f] as const)
    .sort((a, b) => b[0] - a[0]);
  console.log(`${label}:\n${rows.map(([n, f]) => `  ${(n / KB).toFixed(1).padStart(6)} KiB  ${f}`).join('\n')}`);
}

const verdict = (value: number, budget: number) =>
  `${(value / KB).toFixed(1)} KiB (budget ≤ ${budget} KiB) ${value <= budget * KB ? 'PASS' : 'FAIL'}`;

/** `login` logs in from the login page to the first table painted. */
export async function bytesBench(
  browser: Browser,
  base: string,
  login: (page: Page) => Promise<unknown>,
  rows: Row[],
): Promise<void> {
  const context = await benchContext(browser);
  const page = await context.newPage();
  const fetched = record(page);
  await page.goto(`${base}/en/login`, { waitUntil: 'networkidle' });
  const loginFiles = fetched.map((f) => f.path);
  list('login page', loginFiles);
  rows.push([
    'login page JavaScript, gzipped (entry, preloads, texts of its language)',
    verdict(sum(loginFiles, '.js'), 150),
  ]);
  rows.push(['login page CSS, gzipped', verdict(sum(loginFiles, '.css'), 30)]);

  const before = fetched.length;
  await login(page);
  // What the first screen needed; an app's other screens follow when the browser is idle.
  const painted = fetched.length;
  await page.waitForLoadState('networkidle');
  // The other screens' code is fetched a little after the first paint, when the browser is idle.
  await page.waitForTimeout(4_000);
  await page.waitForLoadState('networkidle');
  const shellOrigin = new URL(base).origin;
  const shellFiles = fetched.filter((f) => f.page === shellOrigin).map((f) => f.path);
  list(
    'shell after login',
    shellFiles.filter((f) => !loginFiles.includes(f)),
  );
  rows.push(['shell JavaScript after login, gzipped (login page included)', verdict(sum(shellFiles, '.js'), 350)]);
  // What an app's page asks for beyond the URLs the browser already fetched (for the shell or an app opened earlier).
  const held = new Set(fetched.slice(0, before).map((f) => f.url));
  const byApp = new Map<string, Fetched[]>();
  const idle = new Map<string, Fetched[]>();
  fetched.slice(before).forEach((f, i) => {
    if (f.page === shellOrigin) {
      held.add(f.url);
      return;
    }
    const into = before + i < painted ? byApp : idle;
    into.set(f.page, [...(into.get(f.page) ?? []), f]);
  });
  for (const [origin, files] of byApp) {
    const own = files.filter((f) => !held.has(f.url)).map((f) => f.path);
    list(`sub-app ${origin} beyond what the browser holds`, own);
    rows.push([
      `sub-app ${origin}: JavaScript of its first screen beyond what the browser holds, gzipped (all it asks for: ${(
        sum(
          files.map((f) => f.path),
          '.js',
        ) / KB
      ).toFixed(1)} KiB)`,
      verdict(sum(own, '.js'), 60),
    ]);
    for (const f of files) held.add(f.url);
  }
  for (const [origin, files] of idle) {
    const own = files.filter((f) => !held.has(f.url)).map((f) => f.path);
    list(`sub-app ${origin}, after its first screen, when the browser is idle`, own);
    rows.push([
      `sub-app ${origin}: its other screens' JavaScript, fetched after the first screen when idle, gzipped`,
      `${(sum(own, '.js') / KB).toFixed(1)} KiB (reported)`,
    ]);
  }
  await context.close();
}
