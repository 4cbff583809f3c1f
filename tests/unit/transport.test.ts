// @vitest-environment node
/**
 * The shell's HTTP exchange over fetch (shell/api/transport.ts), against a real HTTP server: what it
 * sends (query, JSON or multipart body, headers) and what it hands back (any status, the body as
 * JSON or as text), and the three ways no answer comes (time-out, network, cancelled by a logout).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelExchanges, exchange, NoAnswer, withQuery } from '../../shell/api/transport';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let base = '';
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.url!.startsWith('/slow')) return void setTimeout(() => res.end('{}'), 2000);
      if (req.url!.startsWith('/text'))
        return void res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
      if (req.url!.startsWith('/empty')) return void res.writeHead(204).end();
      res.writeHead(req.url!.startsWith('/conflict') ? 409 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ code: req.url!.startsWith('/conflict') ? 409 : 200, msg: 'ok', data: { echoed: req.method } }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const last = () => seen[seen.length - 1]!;

describe('the shell HTTP exchange', () => {
  it('sends the query without empty values, and the headers it is given', async () => {
    const res = await exchange({
      method: 'GET',
      url: `${base}/api/x`,
      params: { page: 1, name: 'a b&c', none: null, gone: undefined, on: false },
      headers: { 'x-client-id': 'c-1' },
      timeout: 5000,
    });
    expect(res).toEqual({ status: 200, body: { code: 200, msg: 'ok', data: { echoed: 'GET' } } });
    expect(new URL(last().url, base).searchParams.toString()).toBe('page=1&name=a+b%26c&on=false');
    expect(last().headers['x-client-id']).toBe('c-1');
    expect(last().body).toBe('');
  });

  it('sends an object as JSON, and a form as multipart', async () => {
    await exchange({
      method: 'POST',
      url: `${base}/api/x`,
      data: { tenantCode: 'demo', n: 2 },
      headers: {},
      timeout: 5000,
    });
    expect(last().headers['content-type']).toBe('application/json');
    expect(JSON.parse(last().body)).toEqual({ tenantCode: 'demo', n: 2 });
    const form = new FormData();
    form.append('description', 'broken');
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await exchange({ method: 'POST', url: `${base}/api/x`, data: form, headers: {}, timeout: 5000 });
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().body).toContain('name="description"');
    expect(last().body).toContain('filename="a.png"');
  });

  it('hands back any status with its body: JSON as parsed, other text as it is, none as null', async () => {
    expect(
      await exchange({ method: 'PUT', url: `${base}/conflict`, data: {}, headers: {}, timeout: 5000 }),
    ).toMatchObject({ status: 409, body: { code: 409 } });
    expect(await exchange({ method: 'GET', url: `${base}/text`, headers: {}, timeout: 5000 })).toEqual({
      status: 502,
      body: 'Bad gateway',
    });
    expect(await exchange({ method: 'DELETE', url: `${base}/empty`, headers: {}, timeout: 5000 })).toEqual({
      status: 204,
      body: null,
    });
  });

  it('sends no body with a GET', async () => {
    await exchange({ method: 'GET', url: `${base}/api/x`, data: { ignored: true }, headers: {}, timeout: 5000 });
    expect(last().body).toBe('');
  });

  it('tells a time-out from a network failure', async () => {
    const slow = await exchange({ method: 'GET', url: `${base}/slow`, headers: {}, timeout: 200 }).catch(
      (e: unknown) => e,
    );
    expect(slow).toBeInstanceOf(NoAnswer);
    expect((slow as NoAnswer).reason).toBe('timeout');
    const down = await exchange({ method: 'GET', url: 'http://127.0.0.1:1/api/x', headers: {}, timeout: 5000 }).catch(
      (e: unknown) => e,
    );
    expect(down).toBeInstanceOf(NoAnswer);
    expect((down as NoAnswer).reason).toBe('network');
  });

  it('cancels the exchanges under way, and only those', async () => {
    const under = exchange({ method: 'GET', url: `${base}/slow`, headers: {}, timeout: 5000 }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    cancelExchanges();
    const cancelled = await under;
    expect(cancelled).toBeInstanceOf(NoAnswer);
    expect((cancelled as NoAnswer).reason).toBe('cancelled');
    expect(performance.now() - t0).toBeLessThan(1000);
    const after = await exchange({ method: 'GET', url: `${base}/api/after`, headers: {}, timeout: 5000 });
    expect(after.status).toBe(200);
  });

  it('appends the query to a URL that has one', () => {
    expect(withQuery('/api/a?x=1', { y: 2 })).toBe('/api/a?x=1&y=2');
    expect(withQuery('/api/a', {})).toBe('/api/a');
  });
});
