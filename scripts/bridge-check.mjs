#!/usr/bin/env node
/**
 * `npm run bridge:check -- <app url> [options]`: the conformance check integrators run against their
 * app. Loads it in the dev host (bridge/devhost.ts) inside the machine's Chromium, plays the shell's
 * part of the contract, and prints which parts the app implements. Exit code 1 when the handshake
 * fails (no bridge, timeout, another major version), 0 otherwise.
 *
 * The host page is served by Playwright at the shell origin the app trusts (its
 * <meta name="portal-shell-origin">, else --shell-origin, else http://localhost:5999), so an app
 * served by the portal is checked as it is, without configuration.
 *
 * Options:
 *   --shell-origin <origin>  the origin to play the shell at
 *   --route <path>           a route of the app to navigate to (default: the URL's path)
 *   --perm <codes>           permission codes of the fake user; --lang, --font, --user, --fixtures as bridge:host
 *   --timeout <ms>           handshake timeout (default 10000)
 *   --json                   print the report as JSON
 */
import { chromium } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { devHostConfig, devHostPage, devHostScript, parseArgs } from './bridge-host.mjs';

const CHECK_PATH = '/__bridge_check__/';

/** The first origin of the page's `<meta name="portal-shell-origin">`, or null. */
export function metaShellOrigin(html) {
  const tag = /<meta\s+[^>]*name=["']portal-shell-origin["'][^>]*>/i.exec(html.replace(/<!--[\s\S]*?-->/g, ''))?.[0];
  const content = tag && /content=["']([^"']+)["']/i.exec(tag)?.[1];
  const first = content?.split(/[\s,]+/).find(Boolean);
  try {
    return first ? new URL(first).origin : null;
  } catch {
    return null;
  }
}

async function shellOriginFor(url, options) {
  if (options['shell-origin']) return new URL(options['shell-origin']).origin;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const fromMeta = metaShellOrigin(await res.text());
    if (fromMeta) return fromMeta;
  } catch {
    /* the browser will report what fails */
  }
  return 'http://localhost:5999';
}

const other = (value, choices) => choices.find((c) => c !== value) ?? value;

/** Runs the check; returns the report (`ok` false when the handshake failed). */
export async function check(url, options = {}) {
  const shellOrigin = await shellOriginFor(url, options);
  const config = { ...devHostConfig(url, options), confirmAnswer: true };
  const script = await devHostScript();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The host page is fulfilled by Playwright, so Chromium cannot place it on the local network:
    // without this, it refuses to frame an app on localhost.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-dev-shm-usage',
      '--disable-features=LocalNetworkAccessChecks',
    ],
  });
  const consoleErrors = [];
  try {
    const page = await browser.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.location().url?.startsWith(shellOrigin)) consoleErrors.push(msg.text());
    });
    page.on('dialog', (d) => void d.accept());
    await page.route(`${shellOrigin}${CHECK_PATH}**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.endsWith('/devhost.js')) return route.fulfill({ contentType: 'text/javascript', body: script });
      return route.fulfill({
        contentType: 'text/html',
        body: devHostPage(config, { scriptUrl: `${CHECK_PATH}devhost.js`, logUrl: '' }),
      });
    });
    await page.goto(`${shellOrigin}${CHECK_PATH}`);
    const connected = await page.evaluate(() => window.devHost.ready.then((c) => c !== null));
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const snapshot = async () => {
      try {
        return await frame.evaluate(() => ({
          text: document.body?.innerText ?? '',
          lang: document.documentElement.lang,
          font: document.body ? getComputedStyle(document.body).fontSize : '',
          path: location.pathname,
        }));
      } catch {
        return null;
      }
    };
    const settle = () => page.waitForTimeout(400);
    const state = await page.evaluate(() => ({ status: window.devHost.status, error: window.devHost.error }));
    const report = { url, shellOrigin, ok: connected, handshake: state, parts: [], calls: {}, consoleErrors };
    const part = (name, result, detail) => report.parts.push({ name, result, detail });

    if (!connected) {
      part('handshake', 'fail', state.error ?? 'no connection');
      return report;
    }
    const hello = await page.evaluate(() => ({
      ...window.devHost.child.hello,
      missing: window.devHost.child.missing,
      newer: window.devHost.child.newer,
    }));
    const handshakeMs = await page.evaluate(() => window.devHost.log.find((e) => e.method === 'handshake')?.ms ?? null);
    part(
      'handshake',
      'pass',
      `${handshakeMs === null ? '' : `${handshakeMs.toFixed(0)} ms; `}protocol ${hello.protocol}`,
    );
    part(
      'version',
      'pass',
      `app ${hello.version}${hello.newer ? ' (newer minor than this host: it may miss parts, see its console)' : ''}`,
    );
    part(
      'capabilities',
      hello.missing.length ? 'warn' : 'pass',
      hello.missing.length ? `does not offer ${hello.missing.join(', ')}` : hello.capabilities.join(', '),
    );

    const calls = () => page.evaluate(() => ({ ...window.devHost.calls }));
    await settle();
    const early = await calls();
    part(
      'getContext',
      early.getContext ? 'pass' : 'fail',
      early.getContext ? `called ${early.getContext}×` : 'never asked for the context',
    );

    const before = await snapshot();
    const language = other(config.context.language, ['en', 'zh-CN']);
    const lang = await page.evaluate((l) => window.devHost.changeContext({ language: l }), language);
    await settle();
    const afterLang = await snapshot();
    const followsLang = before && afterLang && (afterLang.text !== before.text || afterLang.lang !== before.lang);
    part(
      'onContextChange (language)',
      !lang.ok ? 'fail' : followsLang ? 'pass' : 'warn',
      !lang.ok
        ? lang.error
        : `${lang.ms.toFixed(1)} ms; ${followsLang ? `the page changed (lang="${afterLang.lang}")` : 'answered, but the page did not change'}`,
    );

    const font = other(config.context.fontSize, ['large', 'small']);
    const size = await page.evaluate((f) => window.devHost.changeContext({ fontSize: f }), font);
    await settle();
    const afterFont = await snapshot();
    const followsFont = afterLang && afterFont && afterFont.font !== afterLang.font;
    part(
      'onContextChange (font size)',
      !size.ok ? 'fail' : followsFont ? 'pass' : 'warn',
      !size.ok
        ? size.error
        : `${size.ms.toFixed(1)} ms; ${followsFont ? `body font ${afterLang.font} → ${afterFont.font}` : 'answered, but the body font size did not change'}`,
    );

    const route = options.route ?? config.context.path;
    const nav = await page.evaluate((r) => window.devHost.callChild('navigate', r), route);
    await page.evaluate((r) => window.devHost.changeContext({ path: r }), route);
    await settle();
    const afterNav = await snapshot();
    part(
      'navigate',
      nav.ok ? 'pass' : 'fail',
      nav.ok ? `${nav.ms.toFixed(1)} ms; frame at ${afterNav?.path ?? '?'}` : nav.error,
    );

    for (const [name, args] of [
      ['setActive', [false]],
      ['setActive', [true]],
      ['refresh', []],
    ]) {
      const r = await page.evaluate(([m, a]) => window.devHost.callChild(m, ...a), [name, args]);
      part(`${name}(${args.join(', ')})`, r.ok ? 'pass' : 'fail', r.ok ? `${r.ms.toFixed(1)} ms` : r.error);
    }
    const sentAt = Date.now();
    const ping = await page.evaluate((t) => window.devHost.callChild('ping', t), sentAt);
    part(
      'ping (heartbeat)',
      ping.ok && ping.value === sentAt ? 'pass' : 'fail',
      ping.ok
        ? ping.value === sentAt
          ? `${ping.ms.toFixed(1)} ms round trip`
          : `answered ${ping.value}, expected ${sentAt}`
        : ping.error,
    );

    await settle();
    report.calls = await calls();
    const routes = await page.evaluate(() => [...window.devHost.routes]);
    part(
      'routeChanged',
      report.calls.routeChanged ? 'pass' : 'info',
      report.calls.routeChanged
        ? `reported ${routes.join(', ')}`
        : 'the app reported no route change (fine if it never changes its own route)',
    );
    part(
      'reportError',
      report.calls.reportError ? 'warn' : 'pass',
      report.calls.reportError ? `the app reported ${report.calls.reportError} error(s)` : 'no errors reported',
    );
    return report;
  } finally {
    await browser.close();
  }
}

/** Colours only on a terminal that wants them (NO_COLOR, FORCE_COLOR=0 and pipes get plain marks). */
export function useColour(stream = process.stdout, env = process.env) {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR === '0') return false;
  return Boolean(stream.isTTY);
}

const paint = (code, text) => (useColour() ? `\x1b[${code}m${text}\x1b[0m` : text);
const MARK = { pass: paint(32, '✔'), fail: paint(31, '✘'), warn: paint(33, '!'), info: '·' };

export function printReport(report) {
  console.log(`\nbridge:check ${report.url}\n  host played at ${report.shellOrigin}\n`);
  for (const p of report.parts) console.log(`  ${MARK[p.result] ?? '·'} ${p.name.padEnd(28)} ${p.detail ?? ''}`);
  const used = Object.entries(report.calls).filter(([, n]) => n > 0);
  if (used.length) console.log(`\n  host methods the app called: ${used.map(([m, n]) => `${m} ${n}×`).join(', ')}`);
  if (report.consoleErrors.length)
    console.log(`\n  console errors in the app:\n${report.consoleErrors.map((e) => `    ${e}`).join('\n')}`);
  console.log(
    report.ok ? '\n  result: the app speaks the bridge\n' : '\n  result: FAILED — the handshake did not complete\n',
  );
}

async function main() {
  const { url, options } = parseArgs(process.argv.slice(2));
  const report = await check(url, options);
  if (options.json) console.log(JSON.stringify(report, null, 2));
  else printReport(report);
  process.exit(report.ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(`bridge:check: ${e.message}`);
    process.exit(2);
  });
}
