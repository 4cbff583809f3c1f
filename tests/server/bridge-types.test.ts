/**
 * The integrator kit's declarations as a consumer meets them: the documented ES module
 * (`portal-bridge.mjs`) imported from a project compiled with --strict finds its types under
 * TypeScript 7 (this project's) and TypeScript 5 (the integrator folder's), with node16-style and
 * bundler resolution; the server hands the declaration files out as text.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubappServer } from '../../server/web';
import { testConfig } from './harness';

const root = resolve(import.meta.dirname, '../..');
const integrator = join(root, 'tests/integrator');

/** The shape openapi-typescript gives the API document's paths (two of them). */
const PATHS = `export interface paths {
  '/api/platform-system/notice/list': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: { limit?: number }; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content: { 'application/json': { code: 200; msg: string; data: { totalNum: number; records: { id: string; title: string }[] } } } } };
    };
    put?: never; post?: never; delete?: never;
  };
  '/api/basic-system/customer/{id}': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never; post?: never; delete?: never;
    put: {
      parameters: { query?: never; header?: never; path: { id: string }; cookie?: never };
      requestBody: { content: { 'application/json': { name?: string | null; updatedAt?: string } } };
      responses: { 200: { headers: { [name: string]: unknown }; content: { 'application/json': { code: 200; msg: string; data: { id: string; name: string } } } } };
    };
  };
}
`;

/** Calls typed by path: compiles only while path, method, parameters, body and answer agree. */
const TYPED = `import { getBridge, typedRequest } from './bridge/portal-bridge.mjs';
import type { paths } from './paths.js';
const api = typedRequest<paths>(await getBridge());
const list = await api({ url: '/api/platform-system/notice/list', query: { limit: 5 } });
const total: number = list.totalNum;
const title: string | undefined = list.records[0]?.title;
const changed = await api({ url: '/api/basic-system/customer/{id}', method: 'PUT', path: { id: 'x' }, data: { name: 'Hanoi Motors', updatedAt: '2026-11-24T00:00:00Z' } });
const name: string = changed.name;
console.log(total, title, name);
`;

/** Each line is a mistake the types must catch. */
const MISTAKES = [
  "await api({ url: '/api/platform-system/notice/lists' });",
  "await api({ url: '/api/basic-system/customer/{id}', method: 'PUT', path: { id: 'x' }, data: { name: 42 } });",
  "await api({ url: '/api/basic-system/customer/{id}', method: 'PUT', data: { name: 'n' } });",
  "const n: string = (await api({ url: '/api/platform-system/notice/list' })).totalNum;",
  "await api({ url: '/api/basic-system/customer/{id}', method: 'DELETE', path: { id: 'x' } });",
];

const CONSUMER = `import { connectToHost, ApiError, type BridgeContext, type ChildBridge } from './bridge/portal-bridge.mjs';
const bridge: ChildBridge = await connectToHost({ allowedOrigins: ['http://localhost:8080'] });
const context: BridgeContext = bridge.context;
const language: string = context.language;
try {
  const data: unknown = await bridge.request({ url: '/api/platform-system/notice/list' });
  console.log(data, language);
} catch (e) {
  if (e instanceof ApiError) console.log(e.code);
}
`;

describe('the bridge kit for integrators', () => {
  let dist: string;
  let project: string;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'portal-bridge-kit-'));
    execFileSync(process.execPath, [join(root, 'scripts/build-bridge.mjs')], {
      cwd: root,
      env: { ...process.env, DIST_DIR: dist },
      stdio: 'pipe',
    });
    project = mkdtempSync(join(tmpdir(), 'portal-consumer-'));
    cpSync(join(dist, 'bridge'), join(project, 'bridge'), { recursive: true });
    writeFileSync(join(project, 'consumer.mts'), CONSUMER);
    writeFileSync(join(project, 'paths.ts'), PATHS);
    writeFileSync(join(project, 'typed.mts'), TYPED);
    MISTAKES.forEach((line, i) =>
      writeFileSync(join(project, `mistake-${i}.mts`), `${TYPED.split('\n').slice(0, 3).join('\n')}\n${line}\n`),
    );
    if (!existsSync(join(integrator, 'node_modules/typescript'))) {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: integrator, stdio: 'inherit' });
    }
  }, 180_000);
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  });

  const compilers = {
    'TypeScript 7': join(root, 'node_modules/typescript/bin/tsc'),
    'TypeScript 5': join(integrator, 'node_modules/typescript/bin/tsc'),
  };
  for (const [name, tsc] of Object.entries(compilers)) {
    for (const [module, resolution] of [
      ['nodenext', 'nodenext'],
      ['ESNext', 'bundler'],
    ] as const) {
      const compile = (file: string) =>
        execFileSync(
          process.execPath,
          [
            tsc,
            '--strict',
            '--noEmit',
            '--target',
            'ES2022',
            '--module',
            module,
            '--moduleResolution',
            resolution,
            '--lib',
            'ES2023,DOM',
            file,
          ],
          { cwd: project, stdio: 'pipe' },
        );
      it(`types the ES module under --strict with ${name} (${resolution} resolution)`, () => {
        for (const file of ['consumer.mts', 'typed.mts']) {
          try {
            compile(file);
          } catch (e) {
            throw new Error(`${name} rejected ${file}:\n${String((e as { stdout?: Buffer }).stdout ?? e)}`);
          }
        }
        // Wrong paths, bodies, missing path parameters, wrong answer types and absent methods do not compile.
        const accepted = MISTAKES.filter((_, i) => {
          try {
            compile(`mistake-${i}.mts`);
            return true;
          } catch {
            return false;
          }
        });
        expect(accepted).toEqual([]);
      });
    }
  }

  it('serves the declaration files as text', async () => {
    const app = await buildSubappServer('platform', testConfig({ DIST_DIR: dist }));
    try {
      for (const file of ['portal-bridge.d.mts', 'portal-bridge.d.ts', 'types/bridge/child.d.ts']) {
        const res = await app.inject({ method: 'GET', url: `/bridge/${file}` });
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-type'], file).toBe('text/plain; charset=utf-8');
      }
    } finally {
      await app.close();
    }
  });
});
