/** Static serving of the built front end (DIST_DIR): the shell on PORT and one server per sub-app. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/types';
import { sendError } from './http';
import { securityHeaders } from './app';
import { frameOrigins, shellCsp, subappCsp, type RegistryEntry } from './app-registry';

/**
 * Sub-apps served by this server, with their port offsets (SPEC §9); `andon` is the framework-free
 * example of the integrator kit (subapps/andon, copied into DIST_DIR by the bridge build).
 */
export const SERVED_SUBAPPS = [
  { name: 'platform', portOffset: 0 },
  { name: 'basic', portOffset: 1 },
  { name: 'andon', portOffset: 8 },
] as const;

/** How long the shell's CSP may lag behind a change of the app registry. */
export const REGISTRY_CACHE_MS = 5000;

/** The registry rows the CSP is derived from, read at most once per REGISTRY_CACHE_MS. */
function registryReader(db: Kysely<DB> | undefined): () => Promise<RegistryEntry[]> {
  let cached: { at: number; rows: Promise<RegistryEntry[]> } | null = null;
  return () => {
    if (!db)
      return Promise.resolve(
        SERVED_SUBAPPS.map((s) => ({ url: null, port_offset: s.portOffset, status: 'enabled' as const })),
      );
    const now = Date.now();
    if (!cached || now - cached.at > REGISTRY_CACHE_MS) {
      const rows = db.selectFrom('app').select(['url', 'port_offset', 'status']).execute();
      cached = { at: now, rows };
      // A failed read is not kept: the next page asks the database again.
      rows.catch(() => {
        if (cached?.rows === rows) cached = null;
      });
    }
    return cached.rows;
  };
}

export function distExists(config: Pick<Config, 'distDir'>): boolean {
  return fs.existsSync(config.distDir) && fs.statSync(config.distDir).isDirectory();
}

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** The shell origin(s) a sub-app page trusts: SHELL_ORIGIN, else this host on PORT. */
export function shellOrigins(request: FastifyRequest, config: Pick<Config, 'shellOrigins' | 'port'>): string[] {
  if (config.shellOrigins.length > 0) return config.shellOrigins;
  return [`${request.protocol}://${request.hostname}:${config.port}`];
}

async function registerBridge(app: FastifyInstance, distDir: string): Promise<void> {
  const bridge = path.join(distDir, 'bridge');
  if (!fs.existsSync(bridge)) return;
  await app.register(fastifyStatic, {
    root: bridge,
    prefix: '/bridge/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', /[.-][A-Za-z0-9_-]{8,}\.\w+$/.test(file) ? LONG_CACHE : NO_CACHE);
      // Type declarations are text (a bare `.ts` would be taken for an MPEG transport stream).
      if (/\.d\.[mc]?ts$/.test(file)) reply.header('content-type', 'text/plain; charset=utf-8');
    },
  });
}

async function registerAssets(app: FastifyInstance, distDir: string): Promise<void> {
  const assets = path.join(distDir, 'assets');
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // Hashed build files, public: sub-app pages on other origins load them as module scripts and
      // style sheets (crossorigin, without credentials), so the browser keeps one copy for all.
      setHeaders: (reply) => void reply.header('cache-control', LONG_CACHE).header('access-control-allow-origin', '*'),
    });
  }
}

/** A sub-app page's references to the build's shared files, pointed at the shell's origin. */
export function sharedAssets(html: string, shellOrigin: string): string {
  return html.replace(/(<(?:script|link)\b[^>]*\s(?:src|href)=")\/assets\//g, `$1${shellOrigin}/assets/`);
}

function readHtml(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The CSP sources of the inline scripts a built page itself holds (`'sha256-…'`): the build's own,
 * allowed by hash so the policy never needs `'unsafe-inline'`; anything injected later matches none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

const isAssetPath = (url: string) => /^\/(assets|bridge)(\/|$)/.test(url);

/**
 * Adds the shell's static files and its SPA fallback to the API instance (use as `buildApi({ extend })`).
 * The page's `frame-src` lists the origins of the enabled apps of the registry in `db` (as the
 * request's host sees them); without `db`, those of the apps this server serves.
 */
export function shellWeb(config: Config, db?: Kysely<DB>): (app: FastifyInstance) => Promise<void> {
  const registry = registryReader(db);
  return async (app) => {
    await registerAssets(app, config.distDir);
    await registerBridge(app, config.distDir);
    const indexFile = path.join(config.distDir, 'shell', 'index.html');
    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0] ?? '/';
      if ((request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api') && !isAssetPath(url)) {
        const html = readHtml(indexFile);
        if (html !== null) {
          const host = { protocol: request.protocol, hostname: request.hostname };
          let origins: string[];
          try {
            origins = frameOrigins(await registry(), host, config.subappPortBase);
          } catch (err) {
            request.log.error({ err }, 'app registry unreadable: the shell page frames nothing');
            origins = [];
          }
          return reply
            .code(200)
            .header('cache-control', NO_CACHE)
            .header(
              'content-security-policy',
              shellCsp(origins, request.protocol === 'https', { scriptHashes: inlineScriptHashes(html) }),
            )
            .type('text/html; charset=utf-8')
            .send(html);
        }
      }
      return sendError(request, reply, 404, 'error.notFound');
    });
  };
}

/**
 * One sub-app's server: its assets, the bridge script (`/bridge/portal-bridge.js`), the app's own
 * files (a plain app such as andon ships `andon.js` beside its index.html), and its index.html,
 * with the shell origin injected, for every other path (its routes).
 */
export async function buildSubappServer(
  name: string,
  config: Config,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const app = Fastify({ logger, trustProxy: config.trustProxy });
  securityHeaders(app);
  await registerAssets(app, config.distDir);
  await registerBridge(app, config.distDir);
  const appDir = path.join(config.distDir, 'subapps', name);
  if (fs.existsSync(appDir)) {
    await app.register(fastifyStatic, {
      root: appDir,
      prefix: '/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // The page itself is only served with the shell origin injected (below).
      allowedPath: (pathName) =>
        !pathName.endsWith('/') &&
        pathName !== '/index.html' &&
        !pathName.startsWith('/assets/') &&
        !pathName.startsWith('/bridge/'),
      setHeaders: (reply) => void reply.header('cache-control', NO_CACHE),
    });
  }
  const indexFile = path.join(appDir, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const html =
      request.method === 'GET' || request.method === 'HEAD' ? (isAssetPath(url) ? null : readHtml(indexFile)) : null;
    if (html === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const origins = shellOrigins(request, config);
    const escaped = origins.join(',').replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    // The build's shared files come from the shell's origin (the first, when several are configured).
    const assetOrigin = origins[0];
    const injected = html.replace(
      '<!--portal-shell-origin-->',
      `<meta name="portal-shell-origin" content="${escaped}">`,
    );
    const page = assetOrigin ? sharedAssets(injected, assetOrigin) : injected;
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origins.includes(origin)) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    }
    return reply
      .code(200)
      .header('cache-control', NO_CACHE)
      .header(
        'content-security-policy',
        subappCsp(origins, request.protocol === 'https', {
          scriptHashes: inlineScriptHashes(page),
          assets: assetOrigin ? [assetOrigin] : [],
        }),
      )
      .header('origin-agent-cluster', '?1')
      .type('text/html; charset=utf-8')
      .send(page);
  });
  return app;
}
