/**
 * The audit trail of the content and helper features (issue 25): notices, help documents, courses,
 * feedback, alarms, wording overrides (by hand and from the sheet), the tenant's offered languages
 * and menu applications each leave exactly their entry; a refused write leaves none; the history of
 * each is read with its screen's view permission, in its own tenant (and factory) only.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditHistory } from '../../model/audit';
import type { Page } from '../../model/api';
import { LANGUAGES } from '../../model/languages';
import { verifyChain } from '../../server/audit/verify';
import { createTenant, createUser } from '../../server/tenants/provision';
import { publishVersion } from './seeded-process';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const ADMIN_ONLY_FEEDBACK = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:mes="http://mes-portal.local/schema/bpmn" id="d_fb" targetNamespace="t">
  <process id="p_fb" isExecutable="true"><startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="answer" />
    <userTask id="answer" name="Answer" mes:assignee="user:admin" /><sequenceFlow id="f2" sourceRef="answer" targetRef="end" /><endEvent id="end" /></process>
</definitions>`;

/** A feedback process whose only task is skipped for a feedback without pictures: it ends as it starts. */
const ENDS_AT_ONCE = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:mes="http://mes-portal.local/schema/bpmn" id="d_fb0" targetNamespace="t">
  <process id="p_fb0" isExecutable="true"><startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="gw" />
    <exclusiveGateway id="gw" default="none" />
    <sequenceFlow id="some" sourceRef="gw" targetRef="look"><conditionExpression xsi:type="tFormalExpression">\${pictures &gt; 0}</conditionExpression></sequenceFlow>
    <sequenceFlow id="none" sourceRef="gw" targetRef="end" />
    <userTask id="look" name="Look" mes:assignee="user:admin" /><sequenceFlow id="f2" sourceRef="look" targetRef="end" /><endEvent id="end" /></process>
</definitions>`;

describe.each(DIALECTS)('audit trail of the content and helper features (%s)', (kind) => {
  let h: Harness;
  let tenantId: string;
  let factory: string;
  let otherFactory: string;
  let adminId: string;
  let admin: string;
  let worker: string;
  let historian: string; // holds the history permission and no screen
  let otherAdmin: string;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `at`: the chosen factory (null: none, as for another tenant's administrator). */
  const api = <T = unknown>(method: Method, url: string, body?: unknown, token = admin, at: string | null = factory) =>
    call<T>(h.app, method, url, { token, body, headers: at ? { 'x-factory-id': at } : {}, lang: 'en' });
  const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
  const history = async (
    entity: string,
    id: string,
    token = admin,
    at: string | null = factory,
  ): Promise<AuditEntry[]> => {
    const r = await api<AuditHistory>(
      'GET',
      `/api/platform-system/audit/${entity}/${encodeURIComponent(id)}`,
      undefined,
      token,
      at,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.items;
  };
  /** The stored entries of a kind of record (or of one record), whatever the factory: what a refused write must not add to. */
  const stored = async (entity: string, id?: string) => {
    let q = h.database.db
      .selectFrom('audit_entry')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('entity', '=', entity);
    if (id) q = q.where('record_id', '=', id);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const fieldsOf = (e: AuditEntry) => e.changes.map((c) => c.field).sort();

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    factory = (
      await db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).id;
    otherFactory = (
      await db
        .insertInto('factory')
        .values({ tenant_id: tenantId, code: 'F-AUD', name: 'Audit plant' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    adminId = (
      await db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const role = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, code: 'historian', name: 'Historian' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menus = await db.selectFrom('menu').select('id').where('perms', '=', 'log:audit-trail:history').execute();
    await db
      .insertInto('role_menu')
      .values(menus.map((m) => ({ tenant_id: tenantId, role_id: role.id, menu_id: m.id })))
      .execute();
    const hash = await passwordHash();
    await createUser(db, {
      tenantId,
      account: 'aud.historian',
      password: PASSWORD,
      passwordHash: hash,
      roles: ['historian'],
      factoryIds: [factory],
    });
    await createUser(db, {
      tenantId,
      account: 'aud.worker',
      password: PASSWORD,
      passwordHash: hash,
      roles: ['staff'],
      factoryIds: [factory],
    });
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    worker = await loginToken(h.app, 'demo', 'aud.worker');
    historian = await loginToken(h.app, 'demo', 'aud.historian');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('notices: create, edit and delete; a refused edit leaves nothing; the history needs the notice screen and the tenant', async () => {
    const made = await api<{ id: string }>('POST', '/api/platform-system/notice', {
      title: 'Shift change',
      content: '<p>From Monday</p>',
      level: 'info',
    });
    ok(made);
    const id = made.body.data.id;
    // An audience of another tenant's (here: nobody's) role is refused before anything is written.
    const refused = await api('PUT', `/api/platform-system/notice/${id}`, {
      title: 'Shift swap',
      content: '<p>From Monday</p>',
      roleIds: ['00000000-0000-4000-8000-000000000001'],
    });
    expect(refused.status).toBe(400);
    expect(await stored('notice')).toBe(1);
    ok(
      await api('PUT', `/api/platform-system/notice/${id}`, {
        title: 'Shift swap',
        content: '<p>From Monday</p>',
        level: 'warning',
      }),
    );
    ok(await api('DELETE', `/api/platform-system/notice/${id}`));

    const items = await history('notice', id);
    expect(items.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(items.every((e) => e.recordCode !== null && e.userName === 'admin' && e.factoryId === null)).toBe(true);
    expect(items[1]!.changes).toEqual([
      { field: 'title', before: 'Shift change', after: 'Shift swap' },
      { field: 'level', before: 'info', after: 'warning' },
    ]);
    expect(items[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: null, after: 'Shift change' },
        { field: 'content', before: null, after: '<p>From Monday</p>' },
      ]),
    );
    expect(items[0]!.changes).toEqual(expect.arrayContaining([{ field: 'title', before: 'Shift swap', after: null }]));

    // The history permission alone does not open a notice's history; another tenant sees none of it.
    expect((await api('GET', `/api/platform-system/audit/notice/${id}`, undefined, historian)).status).toBe(403);
    expect(await history('notice', id, otherAdmin, null)).toEqual([]);
  });

  it('help documents and courses: create, edit, delete; a duplicate or a missing record leaves nothing', async () => {
    const doc = await api<{ id: string }>('POST', '/api/platform-system/help-doc', {
      kind: 'help',
      routePath: '/aud/route',
      language: 'en',
      title: 'How to',
      content: '<p>a</p>',
    });
    ok(doc);
    const id = doc.body.data.id;
    expect(
      (
        await api('POST', '/api/platform-system/help-doc', {
          kind: 'help',
          routePath: '/aud/route',
          language: 'en',
          title: 'Again',
          content: '<p>b</p>',
        })
      ).status,
    ).toBe(409);
    expect(await stored('help-doc')).toBe(1);
    ok(
      await api('PUT', `/api/platform-system/help-doc/${id}`, {
        kind: 'help',
        routePath: '/aud/route',
        language: 'en',
        title: 'How to start',
        content: '<p>a</p>',
      }),
    );
    ok(await api('DELETE', `/api/platform-system/help-doc/${id}`));
    const docs = await history('help-doc', id);
    expect(docs.map((e) => [e.action, e.recordCode])).toEqual([
      ['delete', '/aud/route en'],
      ['update', '/aud/route en'],
      ['create', '/aud/route en'],
    ]);
    expect(docs[1]!.changes).toEqual([{ field: 'title', before: 'How to', after: 'How to start' }]);

    const course = await api<{ id: string }>('POST', '/api/platform-system/course', {
      title: 'Scanning basics',
      url: 'https://example.com/scan',
      sort: 1,
    });
    ok(course);
    const cid = course.body.data.id;
    expect(
      (
        await api('PUT', '/api/platform-system/course/00000000-0000-4000-8000-000000000002', {
          title: 'Ghost',
          url: '/x',
          sort: 1,
        })
      ).status,
    ).toBe(404);
    ok(
      await api('PUT', `/api/platform-system/course/${cid}`, {
        title: 'Scanning basics',
        url: 'https://example.com/scan-v2',
        sort: 2,
      }),
    );
    ok(await api('DELETE', `/api/platform-system/course/${cid}`));
    expect(await stored('course')).toBe(3);
    const courses = await history('course', cid);
    expect(courses.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(courses[1]!.changes).toEqual([
      { field: 'url', before: 'https://example.com/scan', after: 'https://example.com/scan-v2' },
      { field: 'sort', before: 1, after: 2 },
    ]);
    expect(fieldsOf(courses[2]!)).toEqual(['sort', 'title', 'url']);
    expect(await history('course', cid, otherAdmin, null)).toEqual([]);
  });

  it('feedback: submitted, refused while its process runs, handled through the process, corrected directly, deleted', async () => {
    const submit = async (description: string) => {
      const form = new FormData();
      form.append('description', description);
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/platform-system/feedback/save',
        headers: { authorization: `Bearer ${worker}`, 'x-factory-id': factory },
        payload: form as never,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.id as string;
    };
    // The demo's process asks quality first: the administrator has no task to agree yet.
    const first = await submit('Scanner beeps twice');
    expect(
      (
        await api('POST', `/api/platform-system/feedback/${first}/handle`, {
          status: 'processed',
          handleOpinion: 'Known',
        })
      ).status,
    ).toBe(409);
    const firstEntries = await history('feedback', first);
    expect(firstEntries).toHaveLength(1);
    expect(firstEntries[0]).toMatchObject({
      action: 'create',
      userName: 'aud.worker',
      recordCode: 'Scanner beeps twice',
      factoryId: null,
    });
    expect(firstEntries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'description', before: null, after: 'Scanner beeps twice' },
        { field: 'pictures', before: null, after: 0 },
      ]),
    );

    await publishVersion(h.app, admin, 'feedback', ADMIN_ONLY_FEEDBACK);
    const second = await submit('Label printer jams');
    ok(
      await api('POST', `/api/platform-system/feedback/${second}/handle`, {
        status: 'processed',
        handleOpinion: 'Roller replaced',
      }),
    );
    ok(
      await api('POST', `/api/platform-system/feedback/${second}/handle`, {
        status: 'processed',
        handleOpinion: 'Roller and belt replaced',
      }),
    );
    const items = await history('feedback', second);
    expect(items.map((e) => e.action)).toEqual(['state', 'state', 'create']);
    const [correction, ended] = items;
    // The process's end is the administrator's change, from where the administrator called.
    expect(ended).toMatchObject({ userName: 'admin', ip: expect.any(String) });
    expect(ended!.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'unprocessed', after: 'processed' },
        { field: 'handleOpinion', before: null, after: 'Roller replaced' },
        { field: 'handledBy', before: null, after: adminId },
      ]),
    );
    expect(fieldsOf(correction!)).toEqual(['handleOpinion', 'handledAt']);

    // A process that ends as it starts handles the feedback after its creation, by the submitter's call.
    await publishVersion(h.app, admin, 'feedback', ENDS_AT_ONCE);
    const third = await submit('Screen too dim');
    const auto = await history('feedback', third);
    expect(auto.map((e) => [e.action, e.userName])).toEqual([
      ['state', 'aud.worker'],
      ['create', 'aud.worker'],
    ]);
    expect(auto[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'status', before: 'unprocessed', after: 'processed' }]),
    );

    ok(await api('DELETE', `/api/platform-system/feedback/${first}`));
    expect((await history('feedback', first)).map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await api('GET', `/api/platform-system/audit/feedback/${second}`, undefined, historian)).status).toBe(403);
    expect(await history('feedback', second, otherAdmin, null)).toEqual([]);
  });

  it('alarms: raised and first acknowledged, in their factory; a duplicate number and a second acknowledgement leave nothing', async () => {
    const raise = () =>
      api<{ id: string }>('POST', '/api/platform-system/alarm/raise', {
        number: 'AL-AUD-1',
        type: 'andon',
        sourceSystem: 'ANDON',
        description: 'Line 3 stopped',
        level: 'critical',
      });
    const raised = await raise();
    ok(raised);
    const id = raised.body.data.id;
    expect((await raise()).status).toBe(409);
    ok(await api('POST', `/api/platform-system/alarm/${id}/acknowledge`));
    ok(await api('POST', `/api/platform-system/alarm/${id}/acknowledge`));
    expect(await stored('alarm')).toBe(2);

    const items = await history('alarm', id);
    expect(items.map((e) => [e.action, e.recordCode, e.factoryId])).toEqual([
      ['state', 'AL-AUD-1', factory],
      ['create', 'AL-AUD-1', factory],
    ]);
    expect(items[0]!.changes).toEqual([
      { field: 'acknowledgedAt', before: null, after: expect.any(String) },
      { field: 'acknowledgedBy', before: null, after: adminId },
    ]);
    expect(items[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'number', before: null, after: 'AL-AUD-1' },
        { field: 'factoryId', before: null, after: factory },
      ]),
    );
    expect(fieldsOf(items[1]!)).not.toContain('seq');
    // Another factory of the tenant and another tenant see none of it.
    expect(await history('alarm', id, admin, otherFactory)).toEqual([]);
    expect(await history('alarm', id, otherAdmin, null)).toEqual([]);
  });

  it('wording overrides: one entry per changed key, by hand and from the sheet; the offered languages; refusals leave nothing', async () => {
    ok(await api('PUT', '/api/platform-system/language', { languages: ['en', 'zh-CN'] }));
    ok(await api('PUT', '/api/platform-system/language', { languages: ['en', 'zh-CN'] })); // the same again: no change
    expect((await history('tenant-languages', 'offered')).map((e) => [e.action, e.changes])).toEqual([
      ['update', [{ field: 'languages', before: [...LANGUAGES], after: ['zh-CN', 'en'] }]],
    ]);
    ok(await api('PUT', '/api/platform-system/language', { languages: [...LANGUAGES] }));

    ok(
      await api('PUT', '/api/platform-system/translation', {
        namespace: 'shell',
        key: 'notice.title',
        language: 'en',
        value: 'Bulletins',
      }),
    );
    expect(
      (
        await api('PUT', '/api/platform-system/translation', {
          namespace: 'shell',
          key: 'task.pending',
          language: 'en',
          value: 'Waiting',
        })
      ).status,
    ).toBe(400);
    expect(await stored('translation')).toBe(1);
    expect(await history('translation', 'shell:notice.title')).toMatchObject([
      {
        action: 'update',
        recordCode: 'shell:notice.title',
        changes: [{ field: 'en', before: null, after: 'Bulletins' }],
      },
    ]);

    const sheet = async (rows: string[][]) => {
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('translations');
      ws.addRow(['namespace', 'key', 'zh-CN', 'en', 'vi']);
      for (const r of rows) ws.addRow(r);
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'translations.xlsx');
      return h.app.inject({
        method: 'POST',
        url: '/api/platform-system/translation/import',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
        payload: form as never,
      });
    };
    // A broken placeholder refuses the whole sheet.
    expect(
      (
        await sheet([
          ['shell', 'notice.title', '公告栏', '', ''],
          ['shell', 'task.pending', '', '', 'Đang chờ'],
        ])
      ).statusCode,
    ).toBe(400);
    expect(await stored('translation')).toBe(1);
    // The Chinese title is new, the English one goes back to the shipped text, the Vietnamese pending text is new.
    const taken = await sheet([
      ['shell', 'notice.title', '公告栏', 'Notices', ''],
      ['shell', 'task.pending', '', '', 'Chờ xử lý {{count}}'],
    ]);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await stored('translation')).toBe(3);
    expect((await history('translation', 'shell:notice.title'))[0]).toMatchObject({
      action: 'import',
      changes: [
        { field: 'zh-CN', before: null, after: '公告栏' },
        { field: 'en', before: 'Bulletins', after: null },
      ],
    });
    expect(await history('translation', 'shell:task.pending')).toMatchObject([
      { action: 'import', changes: [{ field: 'vi', before: null, after: 'Chờ xử lý {{count}}' }] },
    ]);
    expect(
      (await api('GET', '/api/platform-system/audit/translation/shell:task.pending', undefined, historian)).status,
    ).toBe(403);
    expect(await history('translation', 'shell:task.pending', otherAdmin, null)).toEqual([]);
  });

  it('menu applications: applied and rejected; a second decision is refused and leaves nothing', async () => {
    // Decided directly: the demo's review process is taken out of use for this test.
    const review = (
      await api<Page<{ id: string; key: string }>>('GET', '/api/flow-system/model?keyword=menu-application')
    ).body.data.records.find((m) => m.key === 'menu-application')!;
    ok(await api('POST', `/api/flow-system/model/${review.id}/unpublish`));
    const entries = [
      {
        code: 'catalogue:aud-lab',
        type: 'catalogue',
        names: { 'zh-CN': '实验室', en: 'Laboratory' },
        path: null,
        perms: null,
        children: [],
      },
    ];
    const applied = await api<{ id: string }>('POST', '/api/platform-system/menu-application', {
      appType: 'platform',
      title: 'Lab',
      reason: 'QA team',
      entries,
    });
    ok(applied);
    const id = applied.body.data.id;
    expect((await api('POST', `/api/platform-system/menu-application/${id}/reject`, {})).status).toBe(400);
    ok(await api('POST', `/api/platform-system/menu-application/${id}/reject`, { reason: 'Not now' }));
    expect((await api('POST', `/api/platform-system/menu-application/${id}/approve`, {})).status).toBe(409);
    expect(await stored('menu-application', id)).toBe(2);

    const items = await history('menu-application', id);
    expect(items.map((e) => [e.action, e.recordCode, e.userName])).toEqual([
      ['state', 'Lab', 'admin'],
      ['create', 'Lab', 'admin'],
    ]);
    expect(items[0]!.changes).toEqual([
      { field: 'status', before: 'pending', after: 'rejected' },
      { field: 'reviewReason', before: null, after: 'Not now' },
      { field: 'reviewerId', before: null, after: adminId },
      { field: 'reviewedAt', before: null, after: expect.any(String) },
    ]);
    expect(items[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', before: null, after: 'Lab' },
        { field: 'status', before: null, after: 'pending' },
      ]),
    );
    expect(await history('menu-application', id, otherAdmin, null)).toEqual([]);
  });

  it("a user's roles and factories, kept in link tables by the user's save, show on the user's entry", async () => {
    const db = h.database.db;
    const worker = await db
      .selectFrom('app_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'aud.worker')
      .executeTakeFirstOrThrow();
    const staffRole = (
      await db
        .selectFrom('role')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('code', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).id;
    const historianRole = (
      await db
        .selectFrom('role')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('code', '=', 'historian')
        .executeTakeFirstOrThrow()
    ).id;
    ok(
      await api('PUT', `/api/platform-system/app-user/${worker.id}`, {
        roles: [staffRole, historianRole],
        factories: [factory, otherFactory],
      }),
    );
    const [entry] = await history('app-user', worker.id);
    expect(entry).toMatchObject({ action: 'update', recordCode: 'aud.worker' });
    // (A remark the account was made without, '', is normalised to none by the engine's save: a change of its own.)
    expect(entry!.changes.filter((c) => c.field !== 'remark')).toEqual([
      { field: 'roles', before: [staffRole], after: [staffRole, historianRole].sort() },
      { field: 'factories', before: [factory], after: [factory, otherFactory].sort() },
    ]);
  });

  it("a new tenant's first records are created in its own history by the operator, secrets only as set", async () => {
    const made = await api<{ id: string }>(
      'POST',
      '/api/platform-system/tenant',
      { code: 'audt', name: 'Audit Co', adminAccount: 'boss', adminPassword: PASSWORD },
      admin,
      null,
    );
    ok(made);
    const newTenant = made.body.data.id;
    const db = h.database.db;
    const rows = await db
      .selectFrom('audit_entry')
      .select(['entity', 'record_code', 'action', 'user_name'])
      .where('tenant_id', '=', newTenant)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => [r.entity, r.record_code])).toEqual([
      ['factory', 'F001'],
      ['organization', 'ORG001'],
      ['role', 'admin'],
      ['role', 'staff'],
      ['app-user', 'boss'],
      ['dict', 'language'],
      ...LANGUAGES.map((l) => ['dict-item', l]),
    ]);
    expect(rows.every((r) => r.action === 'create' && r.user_name === 'admin')).toBe(true);
    expect((await verifyChain(db, newTenant)).ok).toBe(true);

    // The new tenant's administrator reads them; the password is only said to be set.
    const boss = await loginToken(h.app, 'audt', 'boss');
    const bossId = (
      await db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', newTenant)
        .where('account', '=', 'boss')
        .executeTakeFirstOrThrow()
    ).id;
    const [created] = await history('app-user', bossId, boss, null);
    expect(created!.changes).toEqual(
      expect.arrayContaining([
        { field: 'account', before: null, after: 'boss' },
        { field: 'password', before: null, after: null, secret: true },
        { field: 'type', before: null, after: 'admin' },
      ]),
    );
    const adminRole = (
      await db
        .selectFrom('role')
        .select('id')
        .where('tenant_id', '=', newTenant)
        .where('code', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const [roleEntry] = await history('role', adminRole, boss, null);
    expect(roleEntry!.changes.find((c) => c.field === 'permissions')!.after).toEqual(
      expect.arrayContaining(['log:audit-trail:history', 'system:notice:view']),
    );
    const raw = (await db.selectFrom('audit_entry').select('changes').where('tenant_id', '=', newTenant).execute())
      .map((r) => JSON.stringify(r.changes))
      .join('\n');
    const hash = (
      await db.selectFrom('app_user').select('password_hash').where('id', '=', bossId).executeTakeFirstOrThrow()
    ).password_hash;
    expect(raw).not.toContain(hash);
    expect(raw).not.toContain(PASSWORD);
    // The operator's tenant keeps the tenant's own entry only; the new tenant's entries stay in the new tenant.
    expect(await history('tenant', newTenant)).toMatchObject([{ action: 'create', recordCode: 'audt' }]);
    expect(await history('app-user', bossId)).toEqual([]);
  });

  it("the tenant's chain still verifies", async () => {
    expect(await verifyChain(h.database.db, tenantId)).toMatchObject({ ok: true, firstBroken: null });
  });
});
