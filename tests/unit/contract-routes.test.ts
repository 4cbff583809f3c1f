/**
 * The browser's copy of the contract (scripts/contract-routes.ts): every operation of every feature
 * keeps its method, path and name — all a caller sends — and nothing of zod or of the OpenAPI prose travels.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../model/contract';
import { endpoint, json } from '../../model/contract/endpoint';
import { routesModule } from '../../scripts/contract-routes';

/** The groups a routes module declares, read back from its text. */
function groupsOf(code: string): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const m of code.matchAll(/^export const (\w+) = (.*);$/gm))
    out[m[1]!] = JSON.parse(m[2]!) as Record<string, Record<string, Record<string, unknown>>>;
  return out;
}

describe('the contract as the browser downloads it', () => {
  it('keeps every operation of every feature, by the same names, with its method and path', () => {
    const features = readdirSync(resolve(import.meta.dirname, '../../model/contract')).filter(
      (f) => !['endpoint.ts', 'client.ts', 'index.ts', 'common.ts', 'resource.ts', 'operations.ts'].includes(f),
    );
    expect(features.length).toBe(Object.keys(contract).length);
    for (const [name, group] of Object.entries(contract)) {
      const code = routesModule({ [name]: group }, name);
      expect(code).not.toMatch(/_zod|"summary"|"description"|"labels"/);
      const routes = groupsOf(code)[name]!;
      expect(Object.keys(routes)).toEqual(Object.keys(group));
      for (const [op, ep] of Object.entries(group)) {
        expect(routes[op], `${name}.${op}`).toEqual({ method: ep.method, path: ep.path, operationId: ep.operationId });
      }
    }
  });

  it('leaves out exports that are not operations, and refuses a module with none', () => {
    const ping = endpoint({
      method: 'GET',
      path: '/ping',
      operationId: 'ping',
      summary: 'Ping',
      tag: 't',
      auth: 'none',
      permission: null,
      query: z.object({ a: z.string() }),
      answer: json(z.null()),
    });
    const code = routesModule({ Query: z.object({ a: z.string() }), ops: { ping } }, 'x.ts');
    expect(Object.keys(groupsOf(code))).toEqual(['ops']);
    expect(groupsOf(code).ops!.ping).toEqual({ method: 'GET', path: '/ping', operationId: 'ping' });
    expect(() => routesModule({ Query: z.object({}) }, 'y.ts')).toThrow(/no group of operations/);
  });

  it('refuses an operation without a name', () => {
    const odd = { method: 'GET', path: '/odd', operationId: 7 };
    expect(() => routesModule({ ops: { odd } }, 'z.ts')).toThrow(/z\.ts: ops\.odd\.operationId: not text/);
  });
});
