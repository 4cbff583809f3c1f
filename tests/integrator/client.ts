/**
 * A small client as an integrator writes it against the types openapi-typescript generated from
 * /api/docs/json (generated/api.ts). It compiles under --strict only when the document types the
 * bodies and the answers: with `unknown` data the assignments below fail.
 */
import type { components, paths } from './generated/api';

type Json<Op> = Op extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;
type Body<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

const origin = 'http://localhost:8080';

async function send<A>(method: string, path: string, token: string, body?: unknown): Promise<A> {
  const res = await fetch(origin + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as A;
}

type CustomerPage = Json<paths['/api/basic-system/customer']['get']>;
type NewCustomer = Body<paths['/api/basic-system/customer']['post']>;
type CustomerUpdate = Body<paths['/api/basic-system/customer/{id}']['put']>;
type Notices = Json<paths['/api/platform-system/notice/list']['get']>;

export async function firstCustomerCode(token: string): Promise<string> {
  const page = await send<CustomerPage>('GET', '/api/basic-system/customer?page=1&size=1', token);
  const total: number = page.data.total;
  const row: components['schemas']['CustomerRow'] | undefined = page.data.records[0];
  const code: string = row?.code ?? '';
  return `${code} of ${total}`;
}

export async function addCustomer(token: string): Promise<string> {
  const body: NewCustomer = { code: 'C-100', name: 'Hanoi Motors' };
  const made = await send<Json<paths['/api/basic-system/customer']['post']>>(
    'POST',
    '/api/basic-system/customer',
    token,
    body,
  );
  const update: CustomerUpdate = { name: 'Hanoi Motors JSC', updatedAt: made.data.updatedAt };
  const changed = await send<Json<paths['/api/basic-system/customer/{id}']['put']>>(
    'PUT',
    `/api/basic-system/customer/${made.data.id}`,
    token,
    update,
  );
  return changed.data.name;
}

export async function unhandledNotices(token: string): Promise<number> {
  const list = await send<Notices>('GET', '/api/platform-system/notice/list', token);
  const titles: string[] = list.data.records.map((n) => n.title);
  return list.data.unHandleNum + titles.length * 0;
}
