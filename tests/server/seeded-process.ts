/** The demo company publishes the `document-release`, `feedback` and `menu-application` processes; tests give them a version of their own. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './harness';

/**
 * Saves `xml` as the draft of the process with `key` (the seeded model), deploys and publishes it, as
 * an administrator does in the designer; instances already running stay on their version. Answers the model id.
 */
export async function publishVersion(app: FastifyInstance, token: string, key: string, xml: string): Promise<string> {
  const flow = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call<T>(app, method, `/api/flow-system${url}`, { token, body, lang: 'en' });
  const list = await flow<{ records: { id: string; key: string; name: string }[] }>(
    'GET',
    `/model?keyword=${encodeURIComponent(key)}`,
  );
  const model = list.body.data.records.find((m) => m.key === key);
  if (!model) throw new Error(`no process model ${key}`);
  expect((await flow('PUT', `/model/${model.id}`, { name: model.name, xml })).status).toBe(200);
  expect((await flow('POST', `/model/${model.id}/deploy`)).status).toBe(200);
  expect((await flow('POST', `/model/${model.id}/publish`, {})).status).toBe(200);
  return model.id;
}
