import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../server/tenants/provision';
import { publishVersion } from './seeded-process';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

describe.each(DIALECTS)('content administration: notices, feedback, help, courses, alarm stream [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;
  let factoryA: string;
  let factoryB: string;
  let inspectorRole: string;
  let admin: string;
  let workerA: string;
  let workerB: string;
  let inspector: string;
  let nobody: string;
  let otherAdmin: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    await db.deleteFrom('notice').where('tenant_id', '=', tenantId).execute();
    factoryA = await factoryIdOf(db, tenantId, 'F001');
    factoryB = (
      await db
        .insertInto('factory')
        .values({ tenant_id: tenantId, code: 'F7', name: 'Plant B' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    inspectorRole = (
      await db
        .insertInto('role')
        .values({ tenant_id: tenantId, code: 'inspector', name: 'Inspector', created_by: null, updated_by: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const hash = await passwordHash();
    await createUser(db, {
      tenantId,
      account: 'worker.a',
      password: PASSWORD,
      passwordHash: hash,
      roles: ['staff'],
      factoryIds: [factoryA],
    });
    await createUser(db, {
      tenantId,
      account: 'worker.b',
      password: PASSWORD,
      passwordHash: hash,
      roles: ['staff'],
      factoryIds: [factoryB],
    });
    await createUser(db, {
      tenantId,
      account: 'inspector.a',
      password: PASSWORD,
      passwordHash: hash,
      roles: ['staff', 'inspector'],
      factoryIds: [factoryA],
    });
    await createUser(db, {
      tenantId,
      account: 'nobody',
      password: PASSWORD,
      passwordHash: hash,
      roles: [],
      factoryIds: [factoryA],
    });
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    workerA = await loginToken(h.app, 'demo', 'worker.a');
    workerB = await loginToken(h.app, 'demo', 'worker.b');
    inspector = await loginToken(h.app, 'demo', 'inspector.a');
    nobody = await loginToken(h.app, 'demo', 'nobody');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const at = (factoryId: string) => ({ 'x-factory-id': factoryId });
  const publish = (body: Record<string, unknown>, token = admin) =>
    call(h.app, 'POST', '/api/platform-system/notice', { token, body, headers: at(factoryA) });
  const titlesFor = async (token: string, factoryId: string) =>
    (
      (await call(h.app, 'GET', '/api/platform-system/notice/list', { token, headers: at(factoryId) })).body.data
        .records as { title: string }[]
    )
      .map((n) => n.title)
      .sort();

  it("delivers a notice aimed at one factory only to that factory's users", async () => {
    expect((await publish({ title: 'Plant A drill', content: '<p>drill</p>', factoryIds: [factoryA] })).status).toBe(
      200,
    );
    expect(await titlesFor(workerA, factoryA)).toContain('Plant A drill');
    expect(await titlesFor(workerB, factoryB)).not.toContain('Plant A drill');
  });

  it('delivers a notice aimed at a role only to its holders, and one aimed at a user only to that user', async () => {
    const userB = (
      await h.database.db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'worker.b')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await publish({ title: 'Inspectors only', roleIds: [inspectorRole] })).status).toBe(200);
    expect((await publish({ title: 'For worker B', userIds: [userB] })).status).toBe(200);
    expect(await titlesFor(inspector, factoryA)).toContain('Inspectors only');
    expect(await titlesFor(workerA, factoryA)).not.toContain('Inspectors only');
    expect(await titlesFor(workerB, factoryB)).toEqual(expect.arrayContaining(['For worker B']));
    expect(await titlesFor(workerA, factoryA)).not.toContain('For worker B');
  });

  it("refuses an audience naming another tenant's factory", async () => {
    const otherFactory = (
      await h.database.db
        .selectFrom('factory as f')
        .innerJoin('tenant as t', 't.id', 'f.tenant_id')
        .select('f.id')
        .where('t.code', '=', 'other')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await publish({ title: 'Sneaky', factoryIds: [otherFactory] })).status).toBe(400);
  });

  it('strips scripts and event handlers from notice and help content', async () => {
    const r = await publish({
      title: 'XSS',
      content:
        '<p>hi</p><script>window.pwned=1</script><img src="x" onerror="window.pwned=1"><a href="javascript:alert(1)">x</a>',
    });
    expect(r.status).toBe(200);
    const list = await call(h.app, 'GET', '/api/platform-system/notice/list', {
      token: workerA,
      headers: at(factoryA),
    });
    const content = (list.body.data.records as { title: string; content: string }[]).find(
      (n) => n.title === 'XSS',
    )!.content;
    expect(content).toContain('<p>hi</p>');
    expect(content).not.toMatch(/script|onerror|javascript:/i);
    const doc = await call(h.app, 'POST', '/api/platform-system/help-doc', {
      token: admin,
      headers: at(factoryA),
      body: {
        kind: 'help',
        routePath: '/system/course',
        language: 'en',
        title: 'Courses help',
        content: '<h2>Help</h2><svg onload="x()"></svg><script>bad()</script>',
      },
    });
    expect(doc.status).toBe(200);
    expect(doc.body.data.content).toBe('<h2>Help</h2>');
    const shown = await call(h.app, 'GET', '/api/platform-factory/route/help/doc/content?path=/system/course&lang=en', {
      token: workerA,
      headers: at(factoryA),
    });
    expect(shown.body.data.title).toBe('Courses help');
  });

  it('counts how many users handled each notice', async () => {
    const id = (await publish({ title: 'Count me' })).body.data.id as string;
    await call(h.app, 'POST', `/api/platform-system/notice/${id}/handle`, { token: workerA, headers: at(factoryA) });
    await call(h.app, 'POST', `/api/platform-system/notice/${id}/handle`, { token: workerB, headers: at(factoryB) });
    const page = await call(h.app, 'GET', '/api/platform-system/notice/page?title=Count', {
      token: admin,
      headers: at(factoryA),
    });
    expect(page.body.data.records).toEqual([expect.objectContaining({ title: 'Count me', readCount: 2 })]);
    // Editing and deleting the notice
    expect(
      (
        await call(h.app, 'PUT', `/api/platform-system/notice/${id}`, {
          token: admin,
          headers: at(factoryA),
          body: { title: 'Count me twice' },
        })
      ).status,
    ).toBe(200);
    expect(await titlesFor(workerA, factoryA)).toContain('Count me twice');
    expect(
      (await call(h.app, 'DELETE', `/api/platform-system/notice/${id}`, { token: admin, headers: at(factoryA) }))
        .status,
    ).toBe(200);
    expect(await titlesFor(workerA, factoryA)).not.toContain('Count me twice');
  });

  it('shows the submitter the handling of their feedback', async () => {
    // Submission itself is covered by the account tests; here the row is what the shell's form stores.
    const userA = (
      await h.database.db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'worker.a')
        .executeTakeFirstOrThrow()
    ).id;
    await h.database.db
      .insertInto('feedback')
      .values({ tenant_id: tenantId, user_id: userA, factory_id: factoryA, description: 'The scanner beeps twice' })
      .execute();
    const page = await call(h.app, 'GET', '/api/platform-system/feedback/page?status=unprocessed', {
      token: admin,
      headers: at(factoryA),
    });
    const item = (page.body.data.records as { id: string; description: string; userAccount: string }[]).find(
      (f) => f.description === 'The scanner beeps twice',
    )!;
    expect(item.userAccount).toBe('worker.a');
    const handled = await call(h.app, 'POST', `/api/platform-system/feedback/${item.id}/handle`, {
      token: admin,
      headers: at(factoryA),
      body: { status: 'processed', handleOpinion: 'Firmware updated' },
    });
    expect(handled.status).toBe(200);
    const mine = await call(h.app, 'GET', '/api/platform-system/feedback', { token: workerA, headers: at(factoryA) });
    expect(mine.body.data.records).toEqual([
      expect.objectContaining({ id: item.id, status: 'processed', handleOpinion: 'Firmware updated' }),
    ]);
    // Another tenant cannot see or handle it.
    expect(
      (
        await call(h.app, 'POST', `/api/platform-system/feedback/${item.id}/handle`, {
          token: otherAdmin,
          body: { handleOpinion: 'x' },
        })
      ).status,
    ).toBe(404);
    const theirs = await call(h.app, 'GET', '/api/platform-system/feedback/page', { token: otherAdmin });
    expect(theirs.body.data.records).toEqual([]);
  });

  it('lists help courses to every user and lets only administrators edit them', async () => {
    const made = await call(h.app, 'POST', '/api/platform-system/course', {
      token: admin,
      body: { title: 'Scanning basics', url: 'https://example.com/scan', sort: 1 },
    });
    expect(made.status).toBe(200);
    expect(
      (
        await call(h.app, 'POST', '/api/platform-system/course', {
          token: admin,
          body: { title: 'Bad', url: 'javascript:alert(1)' },
        })
      ).status,
    ).toBe(400);
    const listed = await call(h.app, 'GET', '/api/platform-system/course/list', { token: workerA });
    expect(listed.body.data.records).toEqual([
      expect.objectContaining({ title: 'Scanning basics', url: 'https://example.com/scan' }),
    ]);
    expect(
      (await call(h.app, 'GET', '/api/platform-system/course/list', { token: otherAdmin })).body.data.records,
    ).toEqual([]);
    expect(
      (await call(h.app, 'DELETE', `/api/platform-system/course/${made.body.data.id}`, { token: otherAdmin })).status,
    ).toBe(404);
  });

  it('denies each verb to a user without its permission', async () => {
    const anyId = '00000000-0000-4000-8000-000000000000';
    const denied: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['notice view', 'GET', '/api/platform-system/notice/page'],
      ['notice add', 'POST', '/api/platform-system/notice', { title: 'x' }],
      ['notice edit', 'PUT', `/api/platform-system/notice/${anyId}`, { title: 'x' }],
      ['notice delete', 'DELETE', `/api/platform-system/notice/${anyId}`],
      ['alarm view', 'GET', '/api/platform-system/alarm/page'],
      ['feedback view', 'GET', '/api/platform-system/feedback/page'],
      ['feedback handle', 'POST', `/api/platform-system/feedback/${anyId}/handle`, {}],
      ['feedback delete', 'DELETE', `/api/platform-system/feedback/${anyId}`],
      ['help add', 'POST', '/api/platform-system/help-doc', { kind: 'sop', language: 'en', title: 'x' }],
      ['course add', 'POST', '/api/platform-system/course', { title: 'x', url: 'https://x.test' }],
      ['course delete', 'DELETE', `/api/platform-system/course/${anyId}`],
    ];
    for (const [what, method, url, body] of denied) {
      const r = await call(h.app, method, url, { token: nobody, headers: at(factoryA), body });
      expect([what, r.status]).toEqual([what, 403]);
    }
  });

  it('lists alarms with search and streams a raised alarm over server-sent events', async () => {
    const raise = (number: string, description: string) =>
      call(h.app, 'POST', '/api/platform-system/alarm/raise', {
        token: admin,
        headers: at(factoryA),
        body: { number, type: 'andon', sourceSystem: 'ANDON', projectCode: 'P-1', description, level: 'critical' },
      });
    expect((await raise('AL-1', 'Line 1 stopped')).status).toBe(200);
    const searched = await call(h.app, 'GET', '/api/platform-system/alarm/page?keyword=line%201', {
      token: admin,
      headers: at(factoryA),
    });
    expect(searched.body.data.records).toEqual([expect.objectContaining({ number: 'AL-1', acknowledgedAt: null })]);
    expect(
      (
        await call(h.app, 'GET', '/api/platform-system/alarm/page?keyword=nothing', {
          token: admin,
          headers: at(factoryA),
        })
      ).body.data.total,
    ).toBe(0);

    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${address}/api/platform-system/alarm/stream`, {
      headers: { authorization: `Bearer ${workerA}`, 'x-factory-id': factoryA },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // Read the stream's opening before raising, so the alarm is news to it.
    while (!text.includes(': open')) text += decoder.decode((await reader.read()).value, { stream: true });
    await raise('AL-2', 'Line 2 stopped');
    const deadline = Date.now() + 10_000;
    while (!text.includes('event: alarm') && Date.now() < deadline)
      text += decoder.decode((await reader.read()).value, { stream: true });
    abort.abort();
    const event = text.split('\n\n').find((e) => e.includes('event: alarm'))!;
    const data = JSON.parse(
      event
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    );
    expect(data).toMatchObject({ number: 'AL-2', description: 'Line 2 stopped' });
    expect(text).not.toContain('AL-1');
  });
  it('handles a feedback through its running feedback process, and directly without one', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:mes="http://mes-portal.local/schema/bpmn" id="d_fb" targetNamespace="t">
  <process id="p_fb" isExecutable="true"><startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="answer" />
    <userTask id="answer" name="Answer" mes:assignee="user:admin" /><sequenceFlow id="f2" sourceRef="answer" targetRef="end" /><endEvent id="end" /></process>
</definitions>`;
    // The demo's feedback process, answered by the administrator alone in this version.
    await publishVersion(h.app, admin, 'feedback', xml);

    const form = new FormData();
    form.append('description', 'Label printer jams');
    const saved = await h.app.inject({
      method: 'POST',
      url: '/api/platform-system/feedback/save',
      headers: { authorization: `Bearer ${workerA}`, 'x-factory-id': factoryA },
      payload: form as never,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    const page = await call(h.app, 'GET', '/api/platform-system/feedback/page?status=unprocessed', {
      token: admin,
      headers: at(factoryA),
    });
    expect((page.body.data.records as { id: string; inProcess: boolean }[]).find((f) => f.id === id)).toMatchObject({
      inProcess: true,
    });

    // Only the process decides: setting it back to unprocessed is refused while it runs.
    const back = await call(h.app, 'POST', `/api/platform-system/feedback/${id}/handle`, {
      token: admin,
      headers: at(factoryA),
      body: { status: 'unprocessed' },
    });
    expect(back.status).toBe(409);
    const handled = await call(h.app, 'POST', `/api/platform-system/feedback/${id}/handle`, {
      token: admin,
      headers: at(factoryA),
      body: { status: 'processed', handleOpinion: 'Roller replaced' },
    });
    expect(handled.status).toBe(200);
    expect(handled.body.data).toMatchObject({ status: 'processed', handleOpinion: 'Roller replaced' });
    const instance = await h.database.db
      .selectFrom('wf_instance')
      .select('status')
      .where('business_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(instance.status).toBe('approved');
    const mine = await call(h.app, 'GET', '/api/platform-system/feedback', { token: workerA, headers: at(factoryA) });
    expect((mine.body.data.records as { id: string }[]).find((f) => f.id === id)).toMatchObject({
      status: 'processed',
      handleOpinion: 'Roller replaced',
    });
    // The process has ended: a later correction is direct.
    const again = await call(h.app, 'POST', `/api/platform-system/feedback/${id}/handle`, {
      token: admin,
      headers: at(factoryA),
      body: { handleOpinion: 'Roller and belt replaced' },
    });
    expect(again.body.data).toMatchObject({ status: 'processed', handleOpinion: 'Roller and belt replaced' });
  });

  it('exports the alarm list as a spreadsheet with the search applied', async () => {
    const r = await h.app.inject({
      method: 'GET',
      url: '/api/platform-system/alarm/export?keyword=line',
      headers: { authorization: `Bearer ${admin}`, 'x-factory-id': factoryA, 'accept-language': 'en' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as never);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toEqual(expect.arrayContaining(['Alarm number', 'Level']));
    expect(
      rows
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual(['AL-1', 'AL-2']);
    expect(
      (await call(h.app, 'GET', '/api/platform-system/alarm/export', { token: nobody, headers: at(factoryA) })).status,
    ).toBe(403);
  });
  it('gives an SOP one public link for all its languages, and keeps help documents one per route and language', async () => {
    const doc = (token: string, body: Record<string, unknown>) =>
      call(h.app, 'POST', '/api/platform-system/help-doc', { token, body });
    const en = await doc(admin, {
      kind: 'sop',
      language: 'en',
      title: 'Changing the ink',
      content: '<p>Open the cover</p>',
    });
    expect(en.status).toBe(200);
    const key = en.body.data.docKey as string;
    expect(
      (await doc(admin, { kind: 'sop', language: 'zh-CN', docKey: key, title: '更换墨盒', content: '<p>打开盖板</p>' }))
        .status,
    ).toBe(200);
    const open = (lang: string) => call(h.app, 'GET', `/api/platform-system/sop/${key}?lang=${lang}`);
    expect((await open('en')).body.data.title).toBe('Changing the ink');
    expect((await open('zh-CN')).body.data.title).toBe('更换墨盒');
    // Another tenant cannot add a language to this tenant's public link.
    expect(
      (await doc(otherAdmin, { kind: 'sop', language: 'es', docKey: key, title: 'Tinta', content: '<p>x</p>' })).status,
    ).toBe(400);
    expect((await open('es')).status).toBe(404);
    // A second help document for the same route and language is refused.
    expect((await doc(admin, { kind: 'help', routePath: '/system/notice', language: 'vi', title: 'A' })).status).toBe(
      200,
    );
    expect((await doc(admin, { kind: 'help', routePath: '/system/notice', language: 'vi', title: 'B' })).status).toBe(
      409,
    );
    // Another tenant can neither edit nor delete the document.
    expect(
      (
        await call(h.app, 'PUT', `/api/platform-system/help-doc/${en.body.data.id}`, {
          token: otherAdmin,
          body: { kind: 'sop', language: 'en', title: 'Mine' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(h.app, 'DELETE', `/api/platform-system/help-doc/${en.body.data.id}`, { token: otherAdmin })).status,
    ).toBe(404);
    expect((await open('en')).body.data.title).toBe('Changing the ink');
  });
});
