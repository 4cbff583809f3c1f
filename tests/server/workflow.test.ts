import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type {
  InstanceChart,
  ModelDetail,
  TaskCounts,
  TaskDetail,
  TaskRow,
  BatchAuditResult,
} from '../../model/workflow/api';
import type { Page } from '../../model/api';
import { buildApi } from '../../server/app';
import type { DB } from '../../server/db/types';
import { createTenant, createUser } from '../../server/tenants/provision';
import { registerBusiness } from '../../server/workflow/business';
import { startProcess } from '../../server/workflow/instances';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { publishVersion } from './seeded-process';
import { tenantIdOf } from './seeded';

/** A linear or branching process; tasks given as [id, name, assignee]. */
function processXml(key: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:mes="http://mes-portal.local/schema/bpmn" id="d_${key}" targetNamespace="t">
  <process id="p_${key}" isExecutable="true">${body}</process>
</definitions>`;
}
const twoSteps = (first: string, second: string) =>
  processXml(
    'two',
    `
    <startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <userTask id="check" name="Check" mes:assignee="${first}" /><sequenceFlow id="f2" sourceRef="check" targetRef="approve" />
    <userTask id="approve" name="Approve" mes:assignee="${second}" /><sequenceFlow id="f3" sourceRef="approve" targetRef="end" />
    <endEvent id="end" />`,
  );
const branching = processXml(
  'branch',
  `
    <startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <userTask id="check" name="Check" mes:assignee="role:approver" /><sequenceFlow id="f2" sourceRef="check" targetRef="gw" />
    <exclusiveGateway id="gw" default="small" />
    <sequenceFlow id="big" sourceRef="gw" targetRef="director"><conditionExpression xsi:type="tFormalExpression">\${amount &gt;= 10000 &amp;&amp; currency == 'CNY'}</conditionExpression></sequenceFlow>
    <sequenceFlow id="small" sourceRef="gw" targetRef="end" />
    <userTask id="director" name="Director" mes:assignee="user:director" /><sequenceFlow id="f4" sourceRef="director" targetRef="end" />
    <endEvent id="end" />`,
);

const ended: { id: string; result: string; opinion: string | null }[] = [];
registerBusiness('test-order', {
  modelKey: 'order',
  async describe(_trx, _tenant, id) {
    return [{ label: 'Order', value: id }];
  },
  async onEnd(_trx, end) {
    ended.push({ id: end.businessId, result: end.result, opinion: end.opinion });
  },
});

describe.each(DIALECTS)('workflow [%s]', (kind) => {
  let h: Harness;
  let db: Kysely<DB>;
  let tenantId: string;
  let admin: string;
  let approverA: string;
  let approverB: string;
  let director: string;
  let staff: string;
  let otherAdmin: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ended.length = 0;
    h = await startHarness(kind);
    db = h.database.db;
    tenantId = await tenantIdOf(db);
    const role = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, code: 'approver', name: 'Approver' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const taskMenus = await db.selectFrom('menu').select('id').where('perms', 'like', 'flow:task:%').execute();
    expect(taskMenus.length).toBeGreaterThanOrEqual(4);
    await db
      .insertInto('role_menu')
      .values(taskMenus.map((m) => ({ tenant_id: tenantId, role_id: role.id, menu_id: m.id })))
      .execute();
    const hash = await passwordHash();
    ids = {};
    for (const account of ['approver.a', 'approver.b', 'director', 'plain.staff']) {
      ids[account] = await createUser(db, {
        tenantId,
        account,
        password: PASSWORD,
        passwordHash: hash,
        roles: account === 'plain.staff' ? ['staff'] : ['approver'],
      });
    }
    ids.admin = (
      await db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    approverA = await loginToken(h.app, 'demo', 'approver.a');
    approverB = await loginToken(h.app, 'demo', 'approver.b');
    director = await loginToken(h.app, 'demo', 'director');
    staff = await loginToken(h.app, 'demo', 'plain.staff');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const api = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call<T>(h.app, method, `/api/flow-system${url}`, { token, body, lang: 'en' });

  async function publishedModel(key: string, xml: string): Promise<ModelDetail> {
    const created = await api<ModelDetail>(admin, 'POST', '/model', { key, name: `Model ${key}`, xml });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await api(admin, 'POST', `/model/${created.body.data.id}/deploy`)).status).toBe(200);
    const published = await api<ModelDetail>(admin, 'POST', `/model/${created.body.data.id}/publish`, {});
    expect(published.status).toBe(200);
    return published.body.data;
  }

  async function startOrder(
    modelKey: string,
    businessId: string,
    variables: Record<string, unknown> = {},
    starter = ids.admin!,
  ) {
    return db
      .transaction()
      .execute((trx) =>
        startProcess(
          trx,
          { tenantId, userId: starter, factoryId: null },
          { modelKey, businessType: 'test-order', businessId, title: `Order ${businessId.slice(0, 8)}`, variables },
        ),
      );
  }

  const pending = async (token: string) =>
    (await api<Page<TaskRow>>(token, 'GET', '/task/pending?size=100')).body.data.records;

  it('enforces the model life cycle: publish needs a deploy, a version publishes once, unpublish needs publish, published models stay', async () => {
    const created = await api<ModelDetail>(admin, 'POST', '/model', { key: 'life', name: 'Life cycle' });
    expect(created.status).toBe(200);
    const m = created.body.data;
    expect(m).toMatchObject({ version: 0, status: 'unpublished', publishedVersion: null });
    expect(m.xml).toContain('mes:assignee="role:admin"');

    const early = await api(admin, 'POST', `/model/${m.id}/publish`, {});
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('The model has not been deployed and cannot be published');
    expect((await api(admin, 'POST', `/model/${m.id}/unpublish`)).status).toBe(409);

    const v1 = await api<ModelDetail>(admin, 'POST', `/model/${m.id}/deploy`);
    expect(v1.body.data.version).toBe(1);
    const pub = await api<ModelDetail>(admin, 'POST', `/model/${m.id}/publish`, {});
    expect(pub.body.data).toMatchObject({ status: 'published', publishedVersion: 1 });
    const again = await api(admin, 'POST', `/model/${m.id}/publish`, { version: 1 });
    expect(again.status).toBe(409);
    expect((await api(admin, 'POST', `/model/${m.id}/publish`, { version: 7 })).status).toBe(404);
    const del = await api(admin, 'DELETE', `/model/${m.id}`);
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('unpublish it first');

    // A second deploy leaves version 1 published until version 2 is published.
    const v2 = await api<ModelDetail>(admin, 'POST', `/model/${m.id}/deploy`);
    expect(v2.body.data).toMatchObject({ version: 2, publishedVersion: 1 });
    expect(v2.body.data.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(
      (await api<ModelDetail>(admin, 'POST', `/model/${m.id}/publish`, { version: 2 })).body.data.publishedVersion,
    ).toBe(2);

    expect((await api<ModelDetail>(admin, 'POST', `/model/${m.id}/unpublish`)).body.data).toMatchObject({
      status: 'unpublished',
      publishedVersion: null,
    });
    expect((await api(admin, 'POST', `/model/${m.id}/unpublish`)).status).toBe(409);
    expect((await api(admin, 'DELETE', `/model/${m.id}`)).status).toBe(200);
    expect((await api(admin, 'GET', `/model/${m.id}`)).status).toBe(404);

    const dup = await api(admin, 'POST', '/model', { key: 'order-dup', name: 'A' });
    expect(dup.status).toBe(200);
    const taken = await api(admin, 'POST', '/model', { key: 'order-dup', name: 'B' });
    expect(taken.status).toBe(409);
    const bad = await api<{ errors: { field: string; message: string }[] }>(admin, 'POST', '/model', {
      key: '9 bad',
      name: '',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => e.field).sort()).toEqual(['key', 'name']);
    expect(bad.body.data.errors.find((e) => e.field === 'name')!.message).toBe('Model name is required');
  });

  it('refuses to deploy what it cannot run, naming each element, and keeps the last good version', async () => {
    const m = (
      await api<ModelDetail>(admin, 'POST', '/model', {
        key: 'broken',
        name: 'Broken',
        xml: twoSteps('role:approver', 'role:approver'),
      })
    ).body.data;
    expect((await api(admin, 'POST', `/model/${m.id}/deploy`)).status).toBe(200);
    const cases: [string, string, string][] = [
      [
        twoSteps('role:approver', 'role:approver').replace(
          '<userTask id="approve" name="Approve" mes:assignee="role:approver" />',
          '<scriptTask id="approve" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>',
        ),
        'flow.model.unsupportedElement',
        'approve',
      ],
      [twoSteps('role:approver', 'nobody'), 'flow.model.noAssignee', 'approve'],
      [branching.replace("currency == 'CNY'", 'constructor.constructor("x")()'), 'flow.model.badCondition', 'big'],
      [branching.replace(' default="small"', ''), 'flow.model.noCondition', 'small'],
      [
        branching.replace('xsi:type="tFormalExpression">', 'xsi:type="tFormalExpression" language="javascript">'),
        'flow.model.badCondition',
        'big',
      ],
      ['<definitions><oops', 'flow.model.unreadable', ''],
      [
        `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>${twoSteps('role:approver', 'role:approver').replace(/^<\?xml[^>]*>/, '')}`,
        'flow.model.unreadable',
        '',
      ],
    ];
    for (const [xml, key, element] of cases) {
      expect((await api(admin, 'PUT', `/model/${m.id}`, { name: 'Broken', xml })).status).toBe(200);
      const r = await api<{ problems: { key: string; element: string | null; message: string }[] }>(
        admin,
        'POST',
        `/model/${m.id}/deploy`,
      );
      expect(r.status, key).toBe(400);
      expect(r.body.data.problems.map((p) => p.key)).toContain(key);
      if (element) {
        const p = r.body.data.problems.find((x) => x.key === key)!;
        expect(p.element).toBe(element);
        expect(p.message).toContain(element);
        expect(r.body.msg).toMatch(/^The model cannot be deployed: /);
      }
    }
    const after = await api<ModelDetail>(admin, 'GET', `/model/${m.id}`);
    expect(after.body.data.version).toBe(1);
  });

  it('checks the permission of every model and task button', async () => {
    const m = (await api<ModelDetail>(admin, 'POST', '/model', { key: 'perm', name: 'Perm' })).body.data;
    const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      [staff, 'GET', '/model'],
      [staff, 'POST', '/model', { key: 'x1', name: 'x' }],
      [staff, 'PUT', `/model/${m.id}`, { name: 'x', xml: m.xml }],
      [staff, 'DELETE', `/model/${m.id}`],
      [staff, 'POST', `/model/${m.id}/deploy`],
      [staff, 'POST', `/model/${m.id}/publish`, {}],
      [staff, 'POST', `/model/${m.id}/unpublish`],
      [staff, 'GET', '/task/pending'],
      [staff, 'POST', `/task/${m.id}/agree`, {}],
      [staff, 'POST', `/task/${m.id}/reject`, { opinion: 'no' }],
      [staff, 'POST', '/task/batch-audit', { ids: [m.id], decision: 'agree' }],
      [approverA, 'POST', `/model/${m.id}/deploy`],
    ];
    for (const [token, method, url, body] of attempts)
      expect((await api(token, method, url, body)).status, `${method} ${url}`).toBe(403);
    // The counters are every signed-in user's own.
    expect((await api<TaskCounts>(staff, 'GET', '/task/count')).body.data).toEqual({
      pending: 0,
      finished: 0,
      total: 0,
    });
  });

  it('routes by gateway conditions on the record and offers each task to every holder of the role', async () => {
    await publishedModel('order', branching);
    const small = '00000000-0000-4000-8000-000000000001';
    const big = '00000000-0000-4000-8000-000000000002';
    await startOrder('order', small, { amount: 500, currency: 'CNY' });
    await startOrder('order', big, { amount: 25000, currency: 'CNY' });

    const forA = await pending(approverA);
    const forB = await pending(approverB);
    expect(forA.map((t) => t.name)).toEqual(['Check', 'Check']);
    expect(forB.map((t) => t.id).sort()).toEqual(forA.map((t) => t.id).sort());
    expect(await pending(director)).toHaveLength(2); // the director holds the approver role too
    expect((await api<TaskCounts>(staff, 'GET', '/task/count')).body.data.pending).toBe(0);

    for (const t of forA)
      expect((await api(approverA, 'POST', `/task/${t.id}/agree`, { opinion: 'fine' })).status).toBe(200);
    // The small order ended at the gateway; the big one waits for the director alone.
    expect(ended).toContainEqual({ id: small, result: 'approved', opinion: 'fine' });
    expect(ended.find((e) => e.id === big)).toBeUndefined();
    const directorTasks = (await pending(director)).filter((t) => t.name === 'Director');
    expect(directorTasks).toHaveLength(1);
    expect((await pending(approverB)).filter((t) => t.name === 'Director')).toEqual([]);
    // A handled task is gone from the others' lists and cannot be decided twice.
    expect(await pending(approverB)).toEqual(await pending(approverB).then((l) => l.filter((t) => t.name !== 'Check')));
    const twice = await api(approverB, 'POST', `/task/${forA[0]!.id}/agree`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('This task has already been handled');
    expect((await api(director, 'POST', `/task/${directorTasks[0]!.id}/agree`, {})).status).toBe(200);
    expect(ended).toContainEqual({ id: big, result: 'approved', opinion: null });
    expect((await api<TaskCounts>(approverA, 'GET', '/task/count')).body.data).toEqual({
      pending: 0,
      finished: 2,
      total: 2,
    });
  });

  it('ends rejected at the first rejection, which must give an opinion', async () => {
    await publishedModel('two-step', twoSteps('user:approver.a', 'user:approver.b'));
    const id = '00000000-0000-4000-8000-000000000003';
    const instanceId = await startOrder('two-step', id);
    const first = (await pending(approverA)).find((t) => t.instanceId === instanceId)!;
    expect((await pending(approverB)).find((t) => t.instanceId === instanceId)).toBeUndefined();
    const detail = await api<TaskDetail>(approverA, 'GET', `/task/${first.id}`);
    expect(detail.body.data).toMatchObject({ canAct: true, record: [{ label: 'Order', value: id }] });
    expect((await api(approverB, 'GET', `/task/${first.id}`)).status).toBe(404);

    expect((await api(approverA, 'POST', `/task/${first.id}/agree`, { opinion: 'checked' })).status).toBe(200);
    const second = (await pending(approverB)).find((t) => t.instanceId === instanceId)!;
    const noOpinion = await api<{ errors: { field: string; message: string }[] }>(
      approverB,
      'POST',
      `/task/${second.id}/reject`,
      { opinion: ' ' },
    );
    expect(noOpinion.status).toBe(400);
    expect(noOpinion.body.data.errors[0]).toMatchObject({ field: 'opinion', message: 'Opinion is required' });
    expect((await api(approverB, 'POST', `/task/${second.id}/reject`, { opinion: 'price too high' })).status).toBe(200);
    expect(ended).toContainEqual({ id, result: 'rejected', opinion: 'price too high' });

    const chart = await api<InstanceChart>(admin, 'GET', `/instance/${instanceId}/chart`);
    expect(chart.body.data).toMatchObject({ status: 'rejected', current: [] });
    expect(chart.body.data.done).toEqual(expect.arrayContaining(['start', 'check', 'approve']));
    expect(chart.body.data.done).not.toContain('end');
    expect(chart.body.data.history.map((e) => [e.name, e.status, e.handler, e.opinion])).toEqual([
      ['Check', 'agreed', 'approver.a', 'checked'],
      ['Approve', 'rejected', 'approver.b', 'price too high'],
    ]);
    expect(chart.body.data.xml).toContain('BPMNDiagram'); // drawn at deploy for a model posted without one
    // Involved users see the chart; others and other tenants do not.
    expect((await api(approverA, 'GET', `/instance/${instanceId}/chart`)).status).toBe(200);
    expect((await api(staff, 'GET', `/instance/${instanceId}/chart`)).status).toBe(404);
    expect((await api(otherAdmin, 'GET', `/instance/${instanceId}/chart`)).status).toBe(404);
  });

  it('refuses a start nobody could decide, writing nothing', async () => {
    await publishedModel('orphan', twoSteps('role:no-such-role', 'role:approver'));
    const before = await db
      .selectFrom('wf_instance')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(startOrder('orphan', '00000000-0000-4000-8000-000000000004')).rejects.toMatchObject({
      status: 409,
      key: 'flow.task.noAssignee',
    });
    const after = await db
      .selectFrom('wf_instance')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // And nothing starts for a key with no published model: the record is handled without workflow.
    expect(await startOrder('never-published', '00000000-0000-4000-8000-000000000005')).toBeNull();
  });

  it('resumes a process after a restart: the next server continues from the stored state', async () => {
    await publishedModel('restart', twoSteps('user:approver.a', 'user:approver.b'));
    const id = '00000000-0000-4000-8000-000000000006';
    const instanceId = await startOrder('restart', id);
    const first = (await pending(approverA)).find((t) => t.instanceId === instanceId)!;
    expect((await api(approverA, 'POST', `/task/${first.id}/agree`, {})).status).toBe(200);

    // A new server on the same database: nothing of the run is in memory.
    await h.app.close();
    h.app = await buildApi({ db, config: h.config, logger: false });
    await h.app.ready();
    const second = (await pending(approverB)).find((t) => t.instanceId === instanceId)!;
    expect(second.name).toBe('Approve');
    expect((await api(approverB, 'POST', `/task/${second.id}/agree`, { opinion: 'ok after restart' })).status).toBe(
      200,
    );
    expect(ended).toContainEqual({ id, result: 'approved', opinion: 'ok after restart' });
    const chart = await api<InstanceChart>(admin, 'GET', `/instance/${instanceId}/chart`);
    expect(chart.body.data).toMatchObject({ status: 'approved', current: [] });
    expect(chart.body.data.done).toEqual(expect.arrayContaining(['start', 'check', 'approve', 'end']));
  });

  it('lets two simultaneous decisions on one task through exactly once', async () => {
    await publishedModel('race', twoSteps('role:approver', 'user:director'));
    const instanceId = await startOrder('race', '00000000-0000-4000-8000-000000000007');
    const task = (await pending(approverA)).find((t) => t.instanceId === instanceId)!;
    const answers = await Promise.all([
      api(approverA, 'POST', `/task/${task.id}/agree`, {}),
      api(approverB, 'POST', `/task/${task.id}/agree`, {}),
      api(director, 'POST', `/task/${task.id}/reject`, { opinion: 'no' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const chart = await api<InstanceChart>(admin, 'GET', `/instance/${instanceId}/chart`);
    expect(chart.body.data.history.filter((e) => e.name === 'Check')).toHaveLength(1);
  });

  it('batch-audits many tasks with one opinion and reports each result', async () => {
    await publishedModel('batch', twoSteps('role:approver', 'user:director'));
    const started: string[] = [];
    for (let i = 0; i < 10; i++)
      started.push((await startOrder('batch', `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`))!);
    const mine = (await pending(approverA)).filter((t) => started.includes(t.instanceId));
    expect(mine).toHaveLength(10);
    const otherTenantTask = '00000000-0000-4000-8000-00000000ffff';
    const r = await api<BatchAuditResult[]>(approverA, 'POST', '/task/batch-audit', {
      ids: [...mine.map((t) => t.id), otherTenantTask, 'not-an-id'],
      decision: 'agree',
      opinion: 'batch ok',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.filter((x) => x.ok)).toHaveLength(10);
    expect(r.body.data.filter((x) => !x.ok).map((x) => x.id)).toEqual([otherTenantTask, 'not-an-id']);
    expect((await pending(director)).filter((t) => started.includes(t.instanceId))).toHaveLength(10);
    const rejectAll = await api(director, 'POST', '/task/batch-audit', { ids: [mine[0]!.id], decision: 'reject' });
    expect(rejectAll.status).toBe(400);
    // Another tenant's admin can neither see nor decide them.
    expect(await pending(otherAdmin)).toEqual([]);
    const dt = (await pending(director)).find((t) => started.includes(t.instanceId))!;
    expect((await api(otherAdmin, 'POST', `/task/${dt.id}/agree`, {})).status).toBe(404);
    expect((await api(otherAdmin, 'GET', `/task/${dt.id}`)).status).toBe(404);
  });

  it('keeps another tenant out of every model route', async () => {
    const m = (await api<ModelDetail>(admin, 'POST', '/model', { key: 'private', name: 'Private' })).body.data;
    for (const [method, url, body] of [
      ['GET', `/model/${m.id}`],
      ['PUT', `/model/${m.id}`, { name: 'x', xml: m.xml }],
      ['DELETE', `/model/${m.id}`],
      ['POST', `/model/${m.id}/deploy`],
      ['POST', `/model/${m.id}/publish`, {}],
      ['POST', `/model/${m.id}/unpublish`],
    ] as const) {
      expect((await api(otherAdmin, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    const list = await api<Page<{ key: string }>>(otherAdmin, 'GET', '/model');
    expect(list.body.data.records).toEqual([]);
    expect((await api<ModelDetail>(admin, 'GET', `/model/${m.id}`)).body.data.name).toBe('Private');
  });

  it('handles feedback through the published feedback process', async () => {
    // The demo company's feedback process, in a version of this test's own.
    await publishVersion(h.app, admin, 'feedback', twoSteps('user:approver.a', 'user:approver.b'));
    const form = new FormData();
    form.append('description', 'The scanner beeps twice');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/platform-system/feedback/save',
      headers: { authorization: `Bearer ${staff}` },
      payload: form as never,
    });
    expect(res.statusCode, res.body).toBe(200);
    const feedbackId = res.json().data.id as string;
    const first = (await pending(approverA)).find((t) => t.businessType === 'feedback')!;
    expect(first.title).toBe('The scanner beeps twice');
    const detail = await api<TaskDetail>(approverA, 'GET', `/task/${first.id}`);
    expect(detail.body.data.record.map((r) => r.value)).toContain('The scanner beeps twice');
    await api(approverA, 'POST', `/task/${first.id}/agree`, {});
    const second = (await pending(approverB)).find((t) => t.businessType === 'feedback')!;
    await api(approverB, 'POST', `/task/${second.id}/agree`, { opinion: 'Firmware updated' });
    const f = await db
      .selectFrom('feedback')
      .select(['status', 'handle_opinion'])
      .where('id', '=', feedbackId)
      .executeTakeFirstOrThrow();
    expect(f).toEqual({ status: 'processed', handle_opinion: 'Firmware updated' });
  });
});
