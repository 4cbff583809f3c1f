/**
 * The API contract as an integrator meets it: the served OpenAPI document is valid, every route is
 * declared (operationId, tag, typed answer), a client generated from the document by a real generator
 * compiles under --strict with TypeScript 5, and no screen builds an /api path by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startHarness, type Harness } from './harness';

const root = resolve(import.meta.dirname, '../..');
const integrator = join(root, 'tests/integrator');

interface Operation {
  operationId?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }>; $ref?: string }>;
}
type Doc = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> };
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

/** The integrator's own tools (openapi-typescript, TypeScript 5), installed in their own folder. */
function integratorTools(): void {
  if (
    existsSync(join(integrator, 'node_modules/openapi-typescript')) &&
    existsSync(join(integrator, 'node_modules/typescript'))
  )
    return;
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: integrator, stdio: 'inherit' });
}

describe('the API contract', () => {
  let h: Harness;
  let doc: Doc;

  beforeAll(async () => {
    h = await startHarness('pglite');
    const r = await call<unknown>(h.app, 'GET', '/api/docs/json');
    expect(r.status).toBe(200);
    doc = r.res.json() as Doc;
  });
  afterAll(async () => h?.close());

  it('serves an OpenAPI 3.1 document that a validator accepts', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    // Shared schemas are components, referenced rather than repeated.
    expect(Object.keys(doc.components.schemas ?? {}).length).toBeGreaterThan(50);
  });

  it('declares every registered /api route: operationId, tag and the answer', () => {
    const undeclared = h.app.apiRoutes.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'routes registered without a declaration in model/contract').toEqual([]);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, name).toBeTruthy();
        expect(ids.has(op.operationId!), `${name}: operationId ${op.operationId} used twice`).toBe(false);
        ids.add(op.operationId!);
        expect(op.tags?.length, name).toBeGreaterThan(0);
        const success = Object.entries(op.responses).filter(([s]) => /^2\d\d$/.test(s) || s === '302');
        expect(success.length, `${name} has no success answer`).toBeGreaterThan(0);
        for (const [, answer] of success) {
          const json = answer.content?.['application/json']?.schema as { properties?: { data?: unknown } } | undefined;
          if (json) expect(json.properties?.data, `${name}: the envelope's data is undeclared`).not.toEqual({});
        }
      }
    }
    expect(ids.size).toBe(h.app.apiRoutes.length);
  });

  it('describes uploads as multipart with their file parts and downloads with their media types', () => {
    const importOp = doc.paths['/api/basic-system/customer/import']?.post;
    const form = importOp?.requestBody?.content['multipart/form-data']?.schema as
      { properties?: Record<string, { format?: string }> } | undefined;
    expect(form?.properties?.file?.format).toBe('binary');
    const exportOp = doc.paths['/api/basic-system/customer/export']?.get;
    expect(Object.keys(exportOp?.responses['200']?.content ?? {})).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    // A PUT says what the server takes: any subset of fields and the updatedAt it read.
    const put = doc.paths['/api/basic-system/customer/{id}']?.put;
    const body = put?.requestBody?.content['application/json']?.schema as { $ref?: string } | undefined;
    const update = doc.components.schemas?.[String(body?.$ref).split('/').pop() ?? ''] as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    expect(update.properties).toHaveProperty('updatedAt');
    expect(update.required ?? []).toEqual([]);
    expect(put?.responses['409']).toBeDefined();
  });

  it('gives a client generated by openapi-typescript its types, compiling under --strict', { timeout: 180_000 }, () => {
    integratorTools();
    const generated = join(integrator, 'generated');
    mkdirSync(generated, { recursive: true });
    writeFileSync(join(generated, 'openapi.json'), JSON.stringify(doc));
    execFileSync(
      process.execPath,
      [
        join(integrator, 'node_modules/openapi-typescript/bin/cli.js'),
        join(generated, 'openapi.json'),
        '-o',
        join(generated, 'api.ts'),
      ],
      { cwd: integrator, stdio: 'pipe' },
    );
    const tsc = join(integrator, 'node_modules/typescript/bin/tsc');
    const compile = () =>
      execFileSync(
        process.execPath,
        [
          tsc,
          '--strict',
          '--noEmit',
          '--target',
          'ES2022',
          '--module',
          'ESNext',
          '--moduleResolution',
          'bundler',
          '--lib',
          'ES2022,DOM',
          join(integrator, 'client.ts'),
        ],
        { cwd: integrator, stdio: 'pipe' },
      );
    try {
      compile();
    } catch (e) {
      throw new Error(`the integrator's client does not compile:\n${String((e as { stdout?: Buffer }).stdout ?? e)}`);
    }
  });

  it('leaves no /api path literal in the screens: they call the typed client', () => {
    const offenders: string[] = [];
    for (const dir of ['shell', 'subapps']) {
      for (const file of sourceFiles(join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        const lines = text
          .split('\n')
          .flatMap((line, i) =>
            /['"`]\/api\//.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
          );
        offenders.push(...lines);
      }
    }
    expect(offenders).toEqual([]);
  });
});
