/**
 * Webhook events where they happen (issue 26): a document version released at once, or through the
 * release process — its approval task created and finished — and a background import job finished, each queued for the endpoints that
 * chose the event, in the transaction of the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../model/api';
import { blankModelXml } from '../../server/workflow/models';
import { Background } from '../../server/engine/background';
import { ImportJobs } from '../../server/engine/io/jobs';
import { withTenant } from '../../server/db/tenant-scope';
import { publishVersion } from './seeded-process';
import { DIALECTS, call, loginToken, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(DIALECTS)('webhook events [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let typeId: string;
  let endpointId: string;
  let tenantId: string;
  let userId: string;

  beforeAll(async () => {
    h = await startHarness(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    typeId = (
      await db
        .insertInto('document_type')
        .values({ tenant_id: tenantId, name: 'Manual', suffixes: 'pdf' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    admin = await loginToken(h.app, 'demo', 'admin');
    userId = (
      await db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const r = await call<{ endpoint: { id: string } }>(h.app, 'POST', '/api/platform-system/webhook', {
      token: admin,
      body: {
        name: 'QMS',
        url: 'http://127.0.0.1:9/hook',
        events: ['document.released', 'approval.task.created', 'approval.task.finished', 'import.finished'],
      },
    });
    expect(r.status).toBe(200);
    endpointId = r.body.data.endpoint.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  async function upload(number: string, version: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ typeId, name: 'Line manual', number, version })) form.append(k, v);
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.concat([PDF, Buffer.from(`% ${number} ${version}`)]))]),
      'manual.pdf',
    );
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/basic-system/document',
      headers: { authorization: `Bearer ${admin}` },
      payload: form as never,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** The events queued since `after`, oldest first, with their data. */
  const queued = async () =>
    (
      await h.database.db
        .selectFrom('webhook_delivery')
        .select(['event', 'data', 'endpoint_id'])
        .orderBy('created_at')
        .orderBy('event')
        .execute()
    ).map((d) => ({
      event: d.event,
      endpoint: d.endpoint_id,
      data: (typeof d.data === 'string' ? JSON.parse(d.data) : d.data) as Record<string, unknown>,
    }));
  const clear = () => h.database.db.deleteFrom('webhook_delivery').execute();

  it('queues the approval task and the release of a version that goes through the release process', async () => {
    await clear();
    await publishVersion(h.app, admin, 'document-release', blankModelXml('document_release', 'Document release'));
    await upload('WH-1', '1');
    const created = await queued();
    expect(created.map((e) => e.event)).toEqual(['approval.task.created']);
    expect(created[0]!.endpoint).toBe(endpointId);
    const taskId = created[0]!.data.taskId as string;
    const pending = await call<Page<{ id: string }>>(h.app, 'GET', '/api/flow-system/task/pending?size=100', {
      token: admin,
    });
    expect(pending.body.data.records.map((t) => t.id)).toContain(taskId);
    expect(
      (await call(h.app, 'POST', `/api/flow-system/task/${taskId}/agree`, { token: admin, body: { opinion: 'ok' } }))
        .status,
    ).toBe(200);
    const after = await queued();
    expect(after.map((e) => e.event).sort()).toEqual([
      'approval.task.created',
      'approval.task.finished',
      'document.released',
    ]);
    expect(after.find((e) => e.event === 'approval.task.finished')!.data).toMatchObject({
      taskId,
      outcome: 'agreed',
      opinion: 'ok',
      businessType: 'document-version',
    });
    expect(after.find((e) => e.event === 'document.released')!.data).toMatchObject({ number: 'WH-1', version: '1' });
  });

  it('queues the release of a version released at once when no process is published', async () => {
    await clear();
    const release = (
      await call<Page<{ id: string; key: string }>>(h.app, 'GET', '/api/flow-system/model?keyword=document-release', {
        token: admin,
      })
    ).body.data.records.find((m) => m.key === 'document-release')!;
    expect((await call(h.app, 'POST', `/api/flow-system/model/${release.id}/unpublish`, { token: admin })).status).toBe(
      200,
    );
    await upload('WH-2', '1');
    const events = await queued();
    expect(events.map((e) => e.event)).toEqual(['document.released']);
    expect(events[0]!.data).toMatchObject({ number: 'WH-2', version: '1', fileName: 'manual.pdf' });
  });

  it('queues the end of a background import job with its counts', async () => {
    await clear();
    const background = new Background();
    const jobs = new ImportJobs(h.database.db, background);
    await withTenant(tenantId, async () => {
      const caller = { tenantId, factoryId: null, userId, account: 'admin', operationId: null };
      const id = await jobs.create({
        caller,
        resource: 'unit',
        fileName: 'units.xlsx',
        file: Buffer.from('x'),
        status: 'queued',
        dryRun: false,
        language: 'en',
        total: 12000,
      });
      jobs.start(
        tenantId,
        id,
        Buffer.from('x'),
        async () => ({
          dryRun: false,
          total: 12000,
          inserted: 11990,
          updated: 10,
          errors: [],
          reportId: null,
          jobId: id,
        }),
        'internal',
      );
      await background.drain();
      const events = await queued();
      expect(events.map((e) => e.event)).toEqual(['import.finished']);
      expect(events[0]!.data).toMatchObject({
        jobId: id,
        resource: 'unit',
        fileName: 'units.xlsx',
        status: 'succeeded',
        total: 12000,
        inserted: 11990,
        updated: 10,
        errors: 0,
      });
    });
  });

  it('queues record.changed for writes through the resource engine to the entities an endpoint chose', async () => {
    await clear();
    const hook = await call<{ endpoint: { id: string; resources: string[] } }>(
      h.app,
      'POST',
      '/api/platform-system/webhook',
      {
        token: admin,
        body: { name: 'ERP units', url: 'http://127.0.0.1:9/units', events: ['record.changed'], resources: ['unit'] },
      },
    );
    expect(hook.status).toBe(200);
    expect(hook.body.data.endpoint.resources).toEqual(['unit']);
    const unknown = await call(h.app, 'POST', '/api/platform-system/webhook', {
      token: admin,
      body: { name: 'x', url: 'http://127.0.0.1:9/x', events: ['record.changed'], resources: ['no-such-thing'] },
    });
    expect(unknown.status).toBe(400);
    expect((unknown.body.data as { errors: { field: string }[] }).errors[0]!.field).toBe('resources');

    const created = await call<{ id: string }>(h.app, 'POST', '/api/basic-system/unit', {
      token: admin,
      body: { code: 'WHU1', name: 'Webhook unit', type: 'quantity', accuracy: 0 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(
      (await call(h.app, 'DELETE', '/api/basic-system/unit', { token: admin, body: { ids: [created.body.data.id] } }))
        .status,
    ).toBe(200);
    // A refused write reports nothing.
    expect(
      (await call(h.app, 'POST', '/api/basic-system/unit', { token: admin, body: { code: '', name: '' } })).status,
    ).toBe(400);
    const events = (await queued()).filter((e) => e.endpoint === hook.body.data.endpoint.id);
    expect(
      events
        .map((e) => [e.event, e.data.resource, e.data.change, e.data.ids])
        .sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    ).toEqual([
      ['record.changed', 'unit', 'add', [created.body.data.id]],
      ['record.changed', 'unit', 'delete', [created.body.data.id]],
    ]);
    // Endpoints that did not choose record.changed (or another entity) get none.
    expect(
      (await queued()).filter((e) => e.event === 'record.changed' && e.endpoint !== hook.body.data.endpoint.id),
    ).toEqual([]);
  });
});
