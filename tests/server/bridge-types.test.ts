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
import { testConfig } from './helpers';

const root = resolve(import.meta.dirname, '../..');
const integrator = join(root, 'tests/integrator');

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
    execFileSync(process.execPath, [join(root, 'scripts/build-bridge.mjs')], { cwd: root, env: { ...process.env, DIST_DIR: dist }, stdio: 'pipe' });
    project = mkdtempSync(join(tmpdir(), 'portal-consumer-'));
    cpSync(join(dist, 'bridge'), join(project, 'bridge'), { recursive: true });
    writeFileSync(join(project, 'consumer.mts'), CONSUMER);
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
    for (const [module, resolution] of [['nodenext', 'nodenext'], ['ESNext', 'bundler']] as const) {
      it(`types the ES module under --strict with ${name} (${resolution} resolution)`, () => {
        const args = [tsc, '--strict', '--noEmit', '--target', 'ES2022', '--module', module, '--moduleResolution', resolution, '--lib', 'ES2023,DOM', 'consumer.mts'];
        try {
          execFileSync(process.execPath, args, { cwd: project, stdio: 'pipe' });
        } catch (e) {
          throw new Error(`${name} rejected the consumer:\n${String((e as { stdout?: Buffer }).stdout ?? e)}`);
        }
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
