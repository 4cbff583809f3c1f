/**
 * The browser's copy of the API contract is its routes. A feature's module in model/contract declares
 * each operation with zod schemas the server validates with and the OpenAPI document describes; the
 * shell and the sub-apps only need an operation's method and path to call it (their types come from
 * the same declaration). So a browser build loads each feature module here, in Node, and serves the
 * bundle a module of plain objects: the same operations under the same names, each with its method,
 * path and operation id only.
 * The login page then calls the contract without downloading zod or building a schema.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** Modules of the contract folder that are not a feature's operations (they are bundled as written). */
const NOT_ROUTES = new Set(['endpoint.ts', 'client.ts', 'index.ts', 'common.ts', 'resource.ts', 'operations.ts']);
/** What a caller needs of an operation: how to send it, and its name (the rest describes it for the server and the OpenAPI document). */
const KEPT = ['method', 'path', 'operationId'] as const;

/** An operation as the browser needs it; a kept part that is not plain text is an error. */
export function routeOf(value: Record<string, unknown>, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of KEPT) {
    if (typeof value[k] !== 'string') throw new Error(`${where}.${k}: not text`);
    out[k] = value[k];
  }
  return out;
}

const isEndpoint = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { method?: unknown }).method === 'string' &&
  typeof (v as { path?: unknown }).path === 'string';

/**
 * The routes module of a feature's exports: every export that is a group of operations, as plain
 * objects. Other exports (a schema some server code shares) are left out, so a browser file that
 * imports one fails the build rather than bringing zod back unnoticed.
 */
export function routesModule(exports: Record<string, unknown>, file: string): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value !== 'object' || value === null) continue;
    const ops = Object.values(value);
    if (!ops.length || !ops.every(isEndpoint)) continue;
    const routes = Object.fromEntries(
      Object.entries(value).map(([op, ep]) => [op, routeOf(ep as Record<string, unknown>, `${file}: ${name}.${op}`)]),
    );
    lines.push(`export const ${name} = ${JSON.stringify(routes)};`);
  }
  if (!lines.length) throw new Error(`${file}: no group of operations to serve as routes`);
  return `${lines.join('\n')}\n`;
}

/** Vite plugin for the browser builds (never the tests: they import the real declarations). */
export function contractRoutes(root: string): Plugin {
  const folder = resolve(root, 'model/contract');
  const isRoutes = (id: string) => dirname(id) === folder && id.endsWith('.ts') && !NOT_ROUTES.has(basename(id));
  let session: Promise<{
    load: (file: string) => Promise<Record<string, unknown>>;
    files: Set<string>;
    done: () => Promise<void>;
  }> | null = null;

  async function open() {
    const { register } = await import('tsx/esm/api');
    const files = new Set<string>();
    // One namespace per build: the modules are evaluated afresh after a change (watch mode).
    const api = register({
      namespace: `contract-routes-${Date.now()}`,
      onImport: (url) => {
        if (url.startsWith('file:')) files.add(new URL(url).pathname);
      },
    });
    return {
      load: (file: string) => api.import(pathToFileURL(file).href, import.meta.url) as Promise<Record<string, unknown>>,
      files,
      done: () => api.unregister(),
    };
  }

  return {
    name: 'contract-routes',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      session = open();
    },
    async load(id) {
      const file = id.split('?')[0]!;
      if (!isRoutes(file) || !session) return null;
      const s = await session;
      const code = routesModule(await s.load(file), file.slice(root.length + 1));
      // Rebuild in watch mode when the declaration or a model file it reads changes.
      this.addWatchFile(file);
      for (const f of s.files) if (f.startsWith(join(root, 'model'))) this.addWatchFile(f);
      return code;
    },
    async buildEnd() {
      const s = await session;
      session = null;
      await s?.done();
    },
  };
}
