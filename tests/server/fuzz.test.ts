/**
 * SECURITY-TESTS T4.1: property fuzzing of every documented route through `fastify.inject`, inputs
 * drawn from the route's own OpenAPI schema (well-typed, ill-typed and garbage): never a 5xx; the
 * answer is the documented envelope with `code` equal to the status; a 400 names its fields; no or a
 * garbage token is 401 on every bearer route; a row is 404 after its delete. The seed is printed by
 * fast-check on failure (replay with FUZZ_SEED).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { RESOURCES } from '../../model/resources';
import { apiPath } from '../../model/engine';
import { BASIC, loginToken, multipartBody, startHarness, type FormPart, type Harness } from './harness';
import { Maker, seedDicts } from './resource-fixtures';
import { tenantIdOf } from './seeded';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  maxLength?: number;
}
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
interface Operation {
  parameters: Parameter[];
  security: Record<string, unknown>[];
  requestBody?: {
    content: { 'application/json': { schema: Schema } } | { 'multipart/form-data': { schema?: Schema } };
  };
}
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  op: Operation & { summary?: string };
  auth: 'bearer' | 'client' | 'none';
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Engine routes are one implementation for every definition: fuzz a handful of different shapes fully. */
const FUZZED_RESOURCES = new Set([
  'unit',
  'device',
  'warehouse-area',
  'shift',
  'workstation',
  'encoding-rule',
  'scan-rule',
  'storage-location',
]);
/** Each of these answers after a deliberately slow password hash: fewer runs. */
const SLOW = new Set(['/api/auth/login', '/api/auth/login/mobile', '/api/platform-system/user/update/password']);
/** Would end the fuzzing session itself. */
const SESSION_ENDING = new Set(['/api/auth/logout']);
/** A few wrong current passwords end the session that sent them (T3.7): each request gets a session of its own. */
const REAUTH = /\/platform-system\/user\/update\/password$/;
/** Event streams stay open for as long as the client listens: they have their own test (content-admin). */
const STREAMS = new Set(['/api/platform-system/alarm/stream']);
/** Answers that are documents of their own, not the envelope. */
const NOT_ENVELOPED = new Set(['/api/docs/json']);

const nasty = fc.constantFrom(
  '',
  ' ',
  'x',
  '0',
  '-1',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e',
  '😀'.repeat(40),
  'a'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  '1e309',
  'NaN',
  '{}',
  '[]',
);
const uuid = fc.uuid();

function valueOf(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 3) return fc.jsonValue({ maxDepth: 2 });
  if (s.enum) return fc.oneof(fc.constantFrom(...s.enum), nasty);
  if (s.anyOf ?? s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((x) => valueOf(x, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        s.format === 'uuid' ? uuid : fc.string({ maxLength: 40 }),
        nasty,
        s.format === 'date-time' ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) : fc.string(),
      );
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 50 }), fc.integer(), fc.constantFrom(2 ** 53, -(2 ** 31) - 1), nasty);
    case 'number':
      return fc.oneof(fc.double(), fc.integer({ min: 0, max: 100 }), nasty);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 1, 'yes'));
    case 'array':
      return fc.oneof(fc.array(valueOf(s.items, depth + 1), { maxLength: 4 }), fc.constant([]), nasty);
    case 'object':
      return objectOf(s, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, valueOf(p, depth + 1)])), {
    requiredKeys: [],
  });
  // Mostly well-shaped objects, some with an extra key that must be ignored or refused, some garbage.
  return fc.oneof(
    { weight: 6, arbitrary: record },
    {
      weight: 1,
      arbitrary: record.map((r) => ({
        ...(r as object),
        tenantId: '00000000-0000-4000-8000-000000000001',
        id: 'x',
        __proto__x: 1,
      })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

const pathParam = fc.oneof({ weight: 3, arbitrary: uuid }, { weight: 1, arbitrary: nasty });

/** The JSON schema of a route's body, or undefined (no body, or a multipart one). */
const jsonBody = (route: Route): Schema | undefined =>
  route.op.requestBody && 'application/json' in route.op.requestBody.content
    ? route.op.requestBody.content['application/json'].schema
    : undefined;

/**
 * Routes that take multipart/form-data: documented as such, or (until the document says so) a POST
 * without a JSON body whose summary says multipart or that imports a file.
 */
const isMultipart = (route: Route) =>
  route.method === 'POST' &&
  !jsonBody(route) &&
  (Boolean(route.op.requestBody && 'multipart/form-data' in route.op.requestBody.content) ||
    /multipart/i.test(route.op.summary ?? '') ||
    /\/import$/.test(route.path));

function requestOf(route: Route) {
  const pathParams = route.op.parameters.filter((p) => p.in === 'path');
  const queryParams = route.op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    path: fc.tuple(...pathParams.map(() => pathParam)),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueOf(p.schema)])), { requiredKeys: [] }),
    body: jsonBody(route) ? valueOf(jsonBody(route)) : fc.constant(undefined),
  });
}

function urlOf(route: Route, pathValues: unknown[], query: Record<string, unknown>): string {
  let i = 0;
  const p = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(pathValues[i++])));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) qs.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const s = qs.toString();
  return s ? `${p}?${s}` : p;
}

/** The envelope every JSON answer uses; a 400 says which fields are wrong when it is about fields. */
function checkAnswer(r: LightMyRequestResponse, what: string) {
  expect(r.statusCode, `${what}\n${r.body.slice(0, 400)}`).toBeLessThan(500);
  if (!String(r.headers['content-type'] ?? '').includes('application/json')) return;
  const body = r.json() as {
    code: unknown;
    msg: unknown;
    data: { errors?: { field: unknown; key: unknown; message: unknown }[] } | null;
  };
  expect(body.code, what).toBe(r.statusCode);
  expect(typeof body.msg, what).toBe('string');
  if (r.statusCode >= 400) expect((body.msg as string).length, what).toBeGreaterThan(0);
  for (const e of body.data?.errors ?? []) {
    expect(typeof e.field, what).toBe('string');
    expect(typeof e.key, what).toBe('string');
    expect(typeof e.message, what).toBe('string');
  }
}

describe('property fuzzing of every route (T4.1)', () => {
  let h: Harness;
  let token: string;
  let factory: string;
  let routes: Route[];

  const send = (route: Route, url: string, body: unknown, auth: string | null) =>
    h.app.inject({
      method: route.method,
      url,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        'x-factory-id': factory,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  const authOf = (route: Route) =>
    route.auth === 'bearer' ? `Bearer ${token}` : route.auth === 'client' ? BASIC : null;

  beforeAll(async () => {
    h = await startHarness('pglite');
    token = await loginToken(h.app, 'demo', 'admin');
    factory = (
      await h.database.db.selectFrom('factory').select('id').where('code', '=', 'F001').executeTakeFirstOrThrow()
    ).id;
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => ({
        method: m.toUpperCase() as Route['method'],
        path,
        op,
        auth: (op.security[0] ? Object.keys(op.security[0])[0] : 'none') as Route['auth'],
      })),
    );
  }, 60_000);
  afterAll(async () => h?.close());

  it('answers 401 on every bearer route without a token or with a garbage one', async () => {
    const bearer = routes.filter((r) => r.auth === 'bearer');
    expect(bearer.length).toBeGreaterThan(100);
    for (const route of bearer) {
      const url = urlOf(
        route,
        route.op.parameters.filter((p) => p.in === 'path').map(() => '00000000-0000-4000-8000-000000000000'),
        {},
      );
      for (const auth of [
        null,
        'Bearer garbage',
        `Bearer ${token}x`,
        'Basic Zm9vOmJhcg==',
        `bearer  ${token.slice(0, 10)}`,
      ]) {
        const r = await send(route, url, jsonBody(route) ? {} : undefined, auth);
        expect(r.statusCode, `${route.method} ${url} with ${auth ?? 'no token'}`).toBe(401);
        checkAnswer(r, `${route.method} ${url}`);
      }
    }
  });

  it('refuses a body that is not even an object with 400, and an empty one naming a required field', async () => {
    for (const route of routes.filter((r) => jsonBody(r) && !SESSION_ENDING.has(r.path))) {
      const url = urlOf(
        route,
        route.op.parameters.filter((p) => p.in === 'path').map(() => '00000000-0000-4000-8000-000000000000'),
        {},
      );
      const schema = jsonBody(route)!;
      if (schema.type !== 'object') continue;
      for (const garbage of [[], 'text', 42, null]) {
        const r = await send(route, url, garbage, authOf(route));
        checkAnswer(r, `${route.method} ${url} ${JSON.stringify(garbage)}`);
        // 404: the path's row does not exist, which may be checked first.
        expect([400, 404], `${route.method} ${url} with ${JSON.stringify(garbage)}: ${r.body.slice(0, 200)}`).toContain(
          r.statusCode,
        );
      }
      const required = schema.required ?? [];
      if (required.length === 0) continue;
      const r = await send(route, url, {}, authOf(route));
      checkAnswer(r, `${route.method} ${url} {}`);
      if (r.statusCode === 404) continue;
      expect(r.statusCode, `${route.method} ${url} {}: ${r.body.slice(0, 200)}`).toBe(400);
      const fields = ((r.json() as { data: { errors?: { field: string }[] } }).data?.errors ?? []).map(
        (e) => e.field.split('.')[0],
      );
      expect(
        fields.some((f) => required.includes(f!)),
        `${route.method} ${url}: errors ${fields.join(',')} name none of ${required.join(',')}`,
      ).toBe(true);
    }
  }, 120_000);

  it(`never answers 5xx to ${RUNS} generated requests per route`, async () => {
    const fuzzed = routes.filter((r) => {
      if (SESSION_ENDING.has(r.path) || STREAMS.has(r.path)) return false;
      const m = /^\/api\/[a-z-]+-system\/([a-z-]+)(\/|$)/.exec(r.path);
      const resource = m && RESOURCES.some((d) => d.name === m[1]) ? m[1]! : null;
      return resource === null || FUZZED_RESOURCES.has(resource);
    });
    expect(fuzzed.length).toBeGreaterThan(80);
    for (const route of fuzzed) {
      const runs = SLOW.has(route.path) ? Math.min(RUNS, 15) : RUNS;
      await fc.assert(
        fc.asyncProperty(requestOf(route), async ({ path, query, body }) => {
          const url = urlOf(route, path, query as Record<string, unknown>);
          const auth = REAUTH.test(route.path) ? `Bearer ${await loginToken(h.app, 'demo', 'admin')}` : authOf(route);
          const r = await send(route, url, body, auth);
          if (NOT_ENVELOPED.has(route.path)) expect(r.statusCode).toBeLessThan(500);
          else checkAnswer(r, `${route.method} ${url} body ${JSON.stringify(body)?.slice(0, 300)}`);
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
    }
  }, 600_000);

  /** The multipart routes fuzzed: every one outside the engine, and the engine's imports of the resources fuzzed above. */
  function multipartRoutes(): Route[] {
    const engineImport = (path: string) => {
      const m = /^\/api\/[a-z-]+-system\/([a-z-]+)\/import$/.exec(path);
      return m && RESOURCES.some((d) => d.name === m[1]) ? m[1]! : null;
    };
    // Paths as requested (a document may name them relative to its server, `/api`).
    const found = routes
      .filter(isMultipart)
      .map((r) => (r.path.startsWith('/api/') ? r : { ...r, path: `/api${r.path}` }))
      .filter((r) => {
        const resource = engineImport(r.path);
        return resource === null || FUZZED_RESOURCES.has(resource);
      });
    // Known to take multipart whatever the API document says of them.
    const known = [
      '/api/platform-system/feedback/save',
      '/api/basic-system/document',
      '/api/basic-system/bom/import',
      '/api/platform-system/translation/import',
      ...RESOURCES.filter((d) => FUZZED_RESOURCES.has(d.name) && d.verbs.includes('import')).map(
        (d) => `${apiPath(d)}/import`,
      ),
    ];
    for (const path of known) {
      if (!found.some((r) => r.path === path))
        found.push({ method: 'POST', path, op: { parameters: [], security: [{ bearer: {} }] }, auth: 'bearer' });
    }
    return found;
  }

  const sendForm = (route: Route, url: string, parts: readonly FormPart[]) => {
    const { payload, contentType } = multipartBody(parts);
    return h.app.inject({
      method: 'POST',
      url,
      headers: { authorization: authOf(route) ?? '', 'x-factory-id': factory, 'content-type': contentType },
      payload,
    });
  };

  const hasNul = (p: FormPart) =>
    p.name.includes('\u0000') || ('filename' in p ? p.filename.includes('\u0000') : p.value.includes('\u0000'));
  /**
   * A part handed over as written: a quote or line break in a header makes busboy read something
   * else, and @fastify/multipart drops parts named like Object.prototype's members.
   */
  const plainHeader = (p: FormPart) =>
    !/["\r\n]/.test(p.name) && !('filename' in p && /["\r\n]/.test(p.filename)) && !(p.name in Object.prototype);

  it('refuses a NUL in a multipart field, field name or file name with 400, never a 500 (T4.1, multipart)', async () => {
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    const type = await db
      .insertInto('document_type')
      .values({ tenant_id: tenantId, name: 'fuzz-nul', suffixes: 'pdf,png' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const documents = async () =>
      (await db.selectFrom('document').select('id').where('tenant_id', '=', tenantId).execute()).length;
    const before = await documents();
    const pdf = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const csv = Buffer.from('code,name\nU1,one\n');
    // The three findings of the outside attack, then one of each kind on every multipart route.
    const cases: [string, FormPart[]][] = [
      ['/api/platform-system/feedback/save', [{ name: 'description', value: 'a\u0000b' }]],
      [
        '/api/basic-system/document',
        [
          { name: 'typeId', value: type.id },
          { name: 'name', value: 'n\u0000x' },
          { name: 'number', value: 'N1' },
          { name: 'version', value: 'A' },
          { name: 'file', filename: 'a.pdf', bytes: pdf },
        ],
      ],
      [
        '/api/platform-system/feedback/save',
        [
          { name: 'description', value: 'ok' },
          { name: 'pictures', filename: 'a\u0000.exe.png', type: 'image/png', bytes: PNG },
        ],
      ],
      [
        '/api/basic-system/document',
        [
          { name: 'typeId', value: type.id },
          { name: 'name', value: 'n' },
          { name: 'number', value: 'N2' },
          { name: 'version', value: 'A' },
          { name: 'file', filename: 'a\u0000.exe.pdf', bytes: pdf },
        ],
      ],
    ];
    for (const route of multipartRoutes()) {
      cases.push([
        route.path,
        [
          { name: 'x\u0000y', value: '1' },
          { name: 'file', filename: 'a.csv', bytes: csv },
        ],
      ]);
      cases.push([
        route.path,
        [
          { name: 'note', value: 'v\u0000' },
          { name: 'file', filename: 'a.csv', bytes: csv },
        ],
      ]);
      cases.push([route.path, [{ name: 'file', filename: 'a\u0000.csv', bytes: csv }]]);
    }
    for (const [path, parts] of cases) {
      const r = await sendForm(
        { method: 'POST', path, op: { parameters: [], security: [] }, auth: 'bearer' },
        path,
        parts,
      );
      checkAnswer(r, `POST ${path} ${JSON.stringify(parts.map((p) => ({ ...p, bytes: undefined })))}`);
      expect(r.statusCode, `POST ${path}: ${r.body.slice(0, 300)}`).toBe(400);
      expect((r.json() as { msg: string }).msg).toMatch(/NUL|空字符/);
    }
    // Nothing was stored on the way to the refusals.
    expect(await documents()).toBe(before);
  }, 120_000);

  it(`never answers 5xx to ${RUNS} generated multipart bodies per multipart route`, async () => {
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    const type = await db
      .insertInto('document_type')
      .values({ tenant_id: tenantId, name: 'fuzz-multipart', suffixes: 'pdf,png,csv,xlsx' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const names = fc.constantFrom(
      'file',
      'typeId',
      'name',
      'number',
      'version',
      'encrypted',
      'validFrom',
      'validTo',
      'deviceId',
      'description',
      'contact',
      'pictures',
      'x',
      '',
      '\u0000',
      'a\u0000b',
      '__proto__',
      'constructor',
      'toString',
      '名称',
      'a"b',
      'a\r\nb',
      'file[]',
    );
    const fileNames = fc.oneof(
      fc.constantFrom(
        'a.png',
        'a.csv',
        'a.xlsx',
        'a.pdf',
        'a.svg',
        '../../a.png',
        'a\u0000.exe.png',
        'a\r\nb.png',
        '中文.csv',
        '',
        '.',
        'a'.repeat(300),
      ),
      fc.string({ maxLength: 20 }),
    );
    const contents = fc.oneof(
      fc.constantFrom(
        PNG,
        Buffer.from('code,name\nU1,one\n'),
        Buffer.from('code;name\r\nU1;uno\r\n'),
        Buffer.from('%PDF-1.4\n%%EOF\n'),
        Buffer.alloc(0),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('PK\u0003\u0004garbage'),
      ),
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
    );
    const values = fc.oneof(
      nasty,
      fc.string({ maxLength: 40 }),
      fc.constant(type.id),
      fc.uuid(),
      fc.constantFrom('true', 'false', '2026-01-01', '2026/13/45'),
    );
    const part: fc.Arbitrary<FormPart> = fc.oneof(
      fc.record({ name: names, value: values }),
      fc.record({ name: names, filename: fileNames, bytes: contents }),
    );
    // Mostly in the order a form sends them (a type first), some in any order.
    const body = fc.oneof(
      fc
        .tuple(fc.constant<FormPart>({ name: 'typeId', value: type.id }), fc.array(part, { maxLength: 5 }))
        .map(([first, rest]) => [first, ...rest]),
      fc.array(part, { minLength: 0, maxLength: 6 }),
    );
    for (const route of multipartRoutes()) {
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom('', '?dryRun=1', '?dryRun=%00'), async (parts, query) => {
          const r = await sendForm(route, `${route.path}${query}`, parts);
          const what = `POST ${route.path}${query} parts ${JSON.stringify(parts.map((p) => ('bytes' in p ? { ...p, bytes: p.bytes.length } : p))).slice(0, 400)}`;
          checkAnswer(r, what);
          // A NUL in the first part is seen before anything else is done with the body.
          if (parts[0] && plainHeader(parts[0]) && hasNul(parts[0]))
            expect(r.statusCode, `${what}\n${r.body.slice(0, 300)}`).toBe(400);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
  }, 600_000);

  it('answers 404 for a row after its delete, on every resource', async () => {
    const dicts = await seedDicts(h.database.db, await tenantIdOf(h.database.db), RESOURCES);
    const maker = new Maker({ app: h.app, token, factoryId: factory, dicts });
    for (const def of RESOURCES) {
      const row = await maker.create(def);
      const base = apiPath(def);
      const headers = { authorization: `Bearer ${token}`, 'x-factory-id': factory };
      const del = await h.app.inject({ method: 'DELETE', url: base, headers, payload: { ids: [row.id] } });
      expect(del.statusCode, `${def.name}: ${del.body}`).toBe(200);
      for (const [method, url, payload] of [
        ['GET', `${base}/${row.id}`],
        ['PUT', `${base}/${row.id}`, {}],
        ['DELETE', base, { ids: [row.id] }],
      ] as const) {
        const r = await h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(r.statusCode, `${def.name}: ${method} after delete: ${r.body.slice(0, 200)}`).toBe(404);
        checkAnswer(r, `${def.name} ${method}`);
      }
    }
  }, 120_000);
});
