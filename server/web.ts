/** Static serving of the built front end (DIST_DIR): the shell on PORT and one server per sub-app. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import { sendError } from './http';
import { securityHeaders } from './app';

/** Sub-apps served by this server, with their port offsets (SPEC §9). */
export const SERVED_SUBAPPS = [
  { name: 'platform', portOffset: 0 },
  { name: 'basic', portOffset: 1 },
] as const;

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

async function registerAssets(app: FastifyInstance, distDir: string): Promise<void> {
  const assets = path.join(distDir, 'assets');
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => void reply.header('cache-control', LONG_CACHE),
    });
  }
}

function readHtml(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const isAssetPath = (url: string) => /^\/(assets|bridge)(\/|$)/.test(url);

/** Adds the shell's static files and its SPA fallback to the API instance (use as `buildApi({ extend })`). */
export function shellWeb(config: Config): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    await registerAssets(app, config.distDir);
    const bridge = path.join(config.distDir, 'bridge');
    if (fs.existsSync(bridge)) {
      await app.register(fastifyStatic, {
        root: bridge,
        prefix: '/bridge/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders: (reply, file) => void reply.header('cache-control', /[.-][A-Za-z0-9_-]{8,}\.\w+$/.test(file) ? LONG_CACHE : NO_CACHE),
      });
    }
    const indexFile = path.join(config.distDir, 'shell', 'index.html');
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0] ?? '/';
      if ((request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api') && !isAssetPath(url)) {
        const html = readHtml(indexFile);
        if (html !== null) {
          return reply
            .code(200)
            .header('cache-control', NO_CACHE)
            .header('content-security-policy', "frame-ancestors 'none'")
            .type('text/html; charset=utf-8')
            .send(html);
        }
      }
      return sendError(request, reply, 404, 'error.notFound');
    });
  };
}

/** One sub-app's server: its assets and its index.html with the shell origin injected. */
export async function buildSubappServer(name: string, config: Config, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  const app = Fastify({ logger });
  securityHeaders(app);
  await registerAssets(app, config.distDir);
  const indexFile = path.join(config.distDir, 'subapps', name, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const html = request.method === 'GET' || request.method === 'HEAD' ? (isAssetPath(url) ? null : readHtml(indexFile)) : null;
    if (html === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const origins = shellOrigins(request, config);
    const escaped = origins.join(',').replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    const page = html.replace('<!--portal-shell-origin-->', `<meta name="portal-shell-origin" content="${escaped}">`);
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origins.includes(origin)) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    }
    return reply
      .code(200)
      .header('cache-control', NO_CACHE)
      .header('content-security-policy', `frame-ancestors ${origins.join(' ')}`)
      .header('origin-agent-cluster', '?1')
      .type('text/html; charset=utf-8')
      .send(page);
  });
  return app;
}
