/** Registration from a declaration: parsing by its schemas, and its answer checked against it in the tests. */
import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { endpoint, json } from '../../model/contract/endpoint';
import { errorHandler } from '../../server/http';
import { serve } from '../../server/serve';

const ep = endpoint({
  method: 'GET',
  path: '/things/:id',
  operationId: 'getThing',
  tag: 'test',
  auth: 'none',
  permission: null,
  summary: 'A thing',
  params: z.object({ id: z.string().regex(/^\d+$/) }),
  query: z.object({ size: z.coerce.number().int().max(10).default(5) }),
  answer: json(z.object({ id: z.string(), size: z.number().int() })),
});

async function appAnswering(data: (id: string, size: number) => unknown) {
  const app = Fastify({ logger: false });
  app.decorateRequest('ctx', null);
  app.setErrorHandler(errorHandler);
  serve(app, ep, async ({ params, query }) => data(params.id, query.size) as never);
  await app.ready();
  return app;
}

describe('serve', () => {
  it('parses path and query by the declaration and answers the envelope', async () => {
    const app = await appAnswering((id, size) => ({ id, size }));
    const ok = await app.inject({ method: 'GET', url: '/things/7?size=3' });
    expect(ok.json()).toEqual({ code: 200, msg: expect.any(String), data: { id: '7', size: 3 } });
    expect((await app.inject({ method: 'GET', url: '/things/x' })).statusCode).toBe(404);
    const big = await app.inject({ method: 'GET', url: '/things/7?size=11' });
    expect(big.statusCode).toBe(400);
    expect(big.json().data.errors[0].field).toBe('size');
    await app.close();
  });

  it('fails an answer of the wrong shape while answers are checked (the tests)', async () => {
    expect(process.env.API_CHECK_ANSWERS).toBe('1');
    const app = await appAnswering((id) => ({ id, size: 'three' }));
    const res = await app.inject({ method: 'GET', url: '/things/7' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});
