#!/usr/bin/env node
/**
 * `npm run bridge:host -- <app url> [options]`: a minimal portal shell for sub-app teams. Serves a
 * page that frames the app, connects to it exactly as the portal does (bridge/devhost.ts), gives it a
 * fake user and permissions, answers its API calls with fixtures, and logs every bridge call with its
 * latency, here and in the browser console.
 *
 * Options:
 *   --port <n>          port of the dev host (default 5999); the app must trust http://localhost:<n>
 *   --lang <lang>       zh-CN | zh-TW | en | vi | es (default en)
 *   --font <size>       small | medium | large (default medium)
 *   --theme <theme>     light | dark (default light)
 *   --user <account>    the fake user's account (default dev)
 *   --perm <codes>      comma-separated permission codes (repeatable)
 *   --fixtures <file>   JSON: { "GET /api/x": { "code": 200, "msg": "ok", "data": … } }
 *   --timeout <ms>      handshake timeout (default 10000)
 *   --no-proxy          frame the app at its own URL (it must then trust http://localhost:<port> itself)
 *
 * By default the app is framed through a small proxy on <port>+1 that hands its pages out with the
 * `portal-shell-origin` meta tag naming this host, so the app's pages need no editing to trust it.
 */
import http from 'node:http';
import fs from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');

/** Options without a value. */
const FLAGS = new Set(['json', 'no-proxy']);

/** Parses `<url> --name value …` into { url, options }; repeated options are collected. */
export function parseArgs(argv) {
  const options = {};
  let url = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      const value = inline ?? (FLAGS.has(name) ? 'true' : argv[++i]);
      if (value === undefined) throw new Error(`--${name} needs a value`);
      options[name] = options[name] === undefined ? value : [].concat(options[name], value);
    } else if (!url) {
      url = arg;
    } else {
      throw new Error(`unexpected argument ${arg}`);
    }
  }
  if (!url) throw new Error('usage: npm run bridge:host -- <app url> [--port 5999] [--lang en] [--perm a:b:c]');
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`not an http(s) URL: ${url}`);
  return { url: parsed.toString(), options };
}

const list = (value) =>
  []
    .concat(value ?? [])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean);

/** The dev host's configuration (DevHostConfig of bridge/devhost.ts) from the parsed options. */
export function devHostConfig(url, options) {
  const appPath = new URL(url).pathname;
  const account = options.user ?? 'dev';
  return {
    appUrl: url,
    timeout: Number(options.timeout ?? 10000),
    fixtures: options.fixtures ? JSON.parse(fs.readFileSync(resolve(options.fixtures), 'utf8')) : {},
    context: {
      path: appPath === '/' ? '/' : appPath.replace(/\/+$/, ''),
      previousPath: null,
      language: options.lang ?? 'en',
      factoryId: options.factory ?? '00000000-0000-4000-8000-000000000001',
      orgCode: options.org ?? null,
      user: {
        id: '00000000-0000-4000-8000-0000000000de',
        account,
        nickname: `${account} (bridge:host)`,
        type: 'admin',
      },
      fontSize: options.font ?? 'medium',
      theme: options.theme === 'dark' ? 'dark' : 'light',
      permissions: list(options.perm),
    },
  };
}

/** bridge/devhost.ts bundled into one classic script (penpal inside), in memory. */
export async function devHostScript() {
  const result = await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      sourcemap: false,
      lib: {
        entry: resolve(root, 'bridge/devhost.ts'),
        formats: ['iife'],
        name: 'PortalDevHost',
        fileName: () => 'devhost.js',
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk');
  if (!chunk) throw new Error('could not build bridge/devhost.ts');
  return chunk.code;
}

const escapeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The host page: styles, the bundled host, and the start call with the configuration. */
export function devHostPage(config, { scriptUrl, logUrl }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bridge:host</title>
<style>
  html, body { margin: 0; height: 100%; font: 13px system-ui, sans-serif; }
  body { display: flex; flex-direction: column; }
  .controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 6px 8px; background: #1d2129; color: #fff; }
  .status { padding: 4px 8px; background: #e8f3ff; }
  .status[data-status=failed] { background: #ffece8; }
  .main { flex: 1; display: flex; min-height: 0; }
  .app { flex: 1; border: 0; }
  .log { width: 36%; margin: 0; padding: 6px 6px 6px 28px; overflow: auto; font: 12px ui-monospace, monospace; background: #f7f8fa; border-left: 1px solid #ddd; }
  .log .failed { color: #cb2634; }
  .toast { position: fixed; top: 60px; left: 50%; transform: translateX(-50%); background: #333; color: #fff; padding: 6px 12px; border-radius: 4px; }
</style></head>
<body>
<script src="${scriptUrl}"></script>
<script>window.devHost = PortalDevHost.startDevHost(document.body, Object.assign(${escapeJson(config)}, { logUrl: ${escapeJson(logUrl)} }));</script>
</body></html>`;
}

function printEntry(entry) {
  const time = new Date(entry.at).toISOString().slice(11, 23);
  const ms = entry.ms === null ? '' : `  ${entry.ms.toFixed(1)} ms`;
  const line = `${time}  ${entry.direction.padEnd(10)} ${entry.method}${entry.detail ? `  ${entry.detail}` : ''}${ms}${entry.ok ? '' : '  FAILED'}`;
  console.log(entry.ok ? line : `\x1b[31m${line}\x1b[0m`);
}

const SHELL_META = /<meta\s+[^>]*name=["']portal-shell-origin["'][^>]*>/gi;

/** An HTML page with its shell origin meta tag naming `origin` (added to the head when it has none). */
export function trustShell(html, origin) {
  const tag = `<meta name="portal-shell-origin" content="${origin}">`;
  if (new RegExp(SHELL_META.source, 'i').test(html)) return html.replace(SHELL_META, tag);
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (h) => `${h}${tag}`) : tag + html;
}

/**
 * Serves the app at `port` by fetching it from its own origin, with its pages trusting `shellOrigin`;
 * answers the app URL as seen through the proxy.
 */
function proxyApp(url, port, shellOrigin) {
  const target = new URL(url);
  const server = http.createServer(async (req, res) => {
    try {
      const upstream = await fetch(new URL(req.url ?? '/', target.origin), {
        method: req.method,
        headers: { accept: req.headers.accept ?? '*/*' },
        redirect: 'manual',
      });
      const type = upstream.headers.get('content-type') ?? '';
      const headers = { 'content-type': type || 'application/octet-stream', 'cache-control': 'no-store' };
      const location = upstream.headers.get('location');
      if (location) headers.location = location.replace(target.origin, `http://localhost:${port}`);
      if (type.includes('text/html'))
        res.writeHead(upstream.status, headers).end(trustShell(await upstream.text(), shellOrigin));
      else res.writeHead(upstream.status, headers).end(Buffer.from(await upstream.arrayBuffer()));
    } catch (e) {
      res
        .writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`bridge:host could not reach ${target.origin}: ${e.message}`);
    }
  });
  server.listen(port);
  return { server, url: `http://localhost:${port}${target.pathname}${target.search}` };
}

async function main() {
  const { url, options } = parseArgs(process.argv.slice(2));
  const port = Number(options.port ?? 5999);
  const origin = `http://localhost:${port}`;
  const proxy = options['no-proxy'] ? null : proxyApp(url, port + 1, origin);
  const config = devHostConfig(proxy ? proxy.url : url, options);
  const script = await devHostScript();
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/__log') {
      let body = '';
      req.on('data', (c) => {
        body += c;
        if (body.length > 64 * 1024) req.destroy();
      });
      req.on('end', () => {
        try {
          printEntry(JSON.parse(body));
        } catch {
          /* not a log entry */
        }
        res.writeHead(204).end();
      });
      return;
    }
    if (req.url === '/devhost.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(script);
      return;
    }
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(devHostPage(config, { scriptUrl: '/devhost.js', logUrl: '/__log' }));
      return;
    }
    res.writeHead(404).end('not found');
  });
  server.listen(port, () => {
    console.log(
      `\n  bridge:host  ${origin}  framing ${url}${proxy ? ` (through ${proxy.url}, its pages trusting ${origin})` : ''}`,
    );
    console.log(
      `  user ${config.context.user.account}, language ${config.context.language}, permissions: ${config.context.permissions.join(', ') || '(none)'}`,
    );
    if (!proxy)
      console.log(
        `  The app must trust ${origin}: <meta name="portal-shell-origin" content="${origin}"> in its page.\n`,
      );
  });
  const stop = () => {
    proxy?.server.close();
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e) => {
    console.error(`bridge:host: ${e.message}`);
    process.exit(1);
  });
}
