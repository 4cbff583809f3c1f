/**
 * Electronic signatures on approvals (issue 25): a user task declared with `mes:signature` is
 * decided only with the signer's password again (and the authenticator code for two-factor users)
 * and a meaning from its list; the signature is stored on the task and answered in its detail and
 * in the flow chart's history. Nobody signs for another user, and an API key never signs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { AuditHistory } from '../../model/audit';
import type { BatchAuditResult, InstanceChart, ModelDetail, TaskDetail } from '../../model/workflow/api';
import type { DB } from '../../server/db/types';
import { newTotpSecret, totpCode } from '../../server/auth/totp';
import { createUser } from '../../server/tenants/provision';
import { registerBusiness } from '../../server/workflow/business';
import { startProcess } from '../../server/workflow/instances';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const xml = (key: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:mes="http://mes-portal.local/schema/bpmn" id="d_${key}" targetNamespace="t">
  <process id="p_${key}" isExecutable="true">${body}</process>
</definitions>`;
/** One task for `assignee`; `signature` is its mes:signature value, or none. */
const oneTask = (key: string, assignee: string, signature?: string) =>
  xml(
    key,
    `
    <startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <userTask id="approve" name="Release" mes:assignee="${assignee}"${signature === undefined ? '' : ` mes:signature="${signature}"`} />
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end" /><endEvent id="end" />`,
  );

registerBusiness('sign-test', {
  modelKey: 'sign-test',
  async describe(_trx, _tenant, id) {
    return [{ label: 'Record', value: id }];
  },
  async onEnd() {},
});

type Errors = { errors: { field: string; message: string }[] };

describe.each(DIALECTS)('electronic signatures on approvals [%s]', (kind) => {
  let h: Harness;
  let db: Kysely<DB>;
  let tenantId: string;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let seq = 0;

  beforeAll(async () => {
    h = await startHarness(kind);
    db = h.database.db;
    tenantId = await tenantIdOf(db);
    const role = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, code: 'signer', name: 'Signer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const taskMenus = await db.selectFrom('menu').select('id').where('perms', 'like', 'flow:task:%').execute();
    await db
      .insertInto('role_menu')
      .values(taskMenus.map((m) => ({ tenant_id: tenantId, role_id: role.id, menu_id: m.id })))
      .execute();
    const hash = await passwordHash();
    for (const account of ['signer.a', 'signer.b', 'signer.totp', 'signer.guess']) {
      ids[account] = await createUser(db, {
        tenantId,
        account,
        nickname: `Name ${account}`,
        password: PASSWORD,
        passwordHash: hash,
        roles: ['signer'],
      });
      tokens[account] = await loginToken(h.app, 'demo', account);
    }
    ids.admin = (
      await db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    tokens.admin = await loginToken(h.app, 'demo', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const api = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang = 'en') =>
    call<T>(h.app, method, `/api/flow-system${url}`, { token, body, lang });

  /** Publishes a one-task model and starts an instance of it; answers the pending task's id. */
  function openTask(
    assignee: string,
    signature?: string,
  ): Promise<{ taskId: string; instanceId: string; businessId: string }> {
    const key = `sign${++seq}`;
    return startModel(key, oneTask(key, assignee, signature));
  }

  /** Publishes the model `key` of `modelXml` and starts an instance of it; answers its first pending task's id. */
  async function startModel(
    key: string,
    modelXml: string,
  ): Promise<{ taskId: string; instanceId: string; businessId: string }> {
    const created = await api<ModelDetail>(tokens.admin!, 'POST', '/model', { key, name: key, xml: modelXml });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await api(tokens.admin!, 'POST', `/model/${created.body.data.id}/deploy`)).status).toBe(200);
    expect((await api(tokens.admin!, 'POST', `/model/${created.body.data.id}/publish`, {})).status).toBe(200);
    const businessId = crypto.randomUUID();
    const instanceId = (await db
      .transaction()
      .execute((trx) =>
        startProcess(
          trx,
          { tenantId, userId: ids.admin!, factoryId: null },
          { modelKey: key, businessType: 'sign-test', businessId, title: `Record ${key}` },
        ),
      ))!;
    const task = await db
      .selectFrom('wf_task')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', instanceId)
      .executeTakeFirstOrThrow();
    return { taskId: task.id, instanceId, businessId };
  }
  const taskRow = (id: string) =>
    db
      .selectFrom('wf_task')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** The decided record's history entries, as the History drawer reads them. */
  const history = async (businessId: string) =>
    (
      await call<AuditHistory>(h.app, 'GET', `/api/platform-system/audit/sign-test/${businessId}`, {
        token: tokens.admin,
      })
    ).body.data.items;
  const wrongTries = async (account: string) =>
    Number(
      (
        await db
          .selectFrom('login_attempt')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account', '=', account)
          .where('success', '=', false)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses to deploy a task whose signature meanings are unknown', async () => {
    const created = await api<ModelDetail>(tokens.admin!, 'POST', '/model', {
      key: 'badsign',
      name: 'Bad',
      xml: oneTask('badsign', 'user:signer.a', 'approved notarised'),
    });
    const deploy = await api<{ problems: { key: string; element: string }[] }>(
      tokens.admin!,
      'POST',
      `/model/${created.body.data.id}/deploy`,
    );
    expect(deploy.status).toBe(400);
    expect(deploy.body.data.problems).toContainEqual(
      expect.objectContaining({ key: 'flow.model.badSignature', element: 'approve' }),
    );
  });

  it('refuses a decision without the password and meaning, a wrong password (counted) and a meaning outside the list, changing nothing', async () => {
    const { taskId, businessId } = await openTask('user:signer.a', 'approved reviewed');
    const detail = await api<TaskDetail>(tokens['signer.a']!, 'GET', `/task/${taskId}`);
    expect(detail.body.data).toMatchObject({
      signatureMeanings: ['approved', 'reviewed'],
      signature: null,
      canAct: true,
    });

    const bare = await api<Errors>(tokens['signer.a']!, 'POST', `/task/${taskId}/agree`, { opinion: 'fine' });
    expect(bare.status).toBe(400);
    expect(bare.body.data.errors.map((e) => e.field).sort()).toEqual(['meaning', 'password']);
    expect(bare.body.data.errors.find((e) => e.field === 'password')!.message).toBe('Password is required');

    const before = await wrongTries('signer.a');
    const wrong = await api<Errors>(tokens['signer.a']!, 'POST', `/task/${taskId}/agree`, {
      password: 'Wrong@2026',
      meaning: 'approved',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors).toEqual([
      expect.objectContaining({ field: 'password', message: 'Password is wrong' }),
    ]);
    expect(await wrongTries('signer.a')).toBe(before + 1);
    const inChinese = await api<Errors>(
      tokens['signer.a']!,
      'POST',
      `/task/${taskId}/agree`,
      { password: 'Wrong@2026', meaning: 'approved' },
      'zh-CN',
    );
    expect(inChinese.body.msg).toBe('签名密码不正确');

    const outside = await api<Errors>(tokens['signer.a']!, 'POST', `/task/${taskId}/agree`, {
      password: PASSWORD,
      meaning: 'responsible',
    });
    expect(outside.status).toBe(400);
    expect(outside.body.data.errors[0]).toMatchObject({
      field: 'meaning',
      message: 'Signature meaning is not one this task allows',
    });

    const row = await taskRow(taskId);
    expect(row).toMatchObject({
      status: 'pending',
      handler_id: null,
      signer_id: null,
      sign_meaning: null,
      signed_at: null,
    });
    expect(await history(businessId)).toEqual([]);
  });

  it('stores the signature with the right password, in the task detail and the chart history', async () => {
    const { taskId, instanceId, businessId } = await openTask('user:signer.a', 'approved reviewed');
    const ok = await api(tokens['signer.a']!, 'POST', `/task/${taskId}/agree`, {
      opinion: 'released',
      password: PASSWORD,
      meaning: 'reviewed',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const row = await taskRow(taskId);
    expect(row).toMatchObject({
      status: 'agreed',
      handler_id: ids['signer.a'],
      signer_id: ids['signer.a'],
      signer_name: 'Name signer.a',
      sign_meaning: 'reviewed',
    });
    // Decided: a second decision is a conflict, and asks for no password (none is counted).
    const tries = await wrongTries('signer.a');
    expect(
      (await api(tokens['signer.a']!, 'POST', `/task/${taskId}/agree`, { password: 'Wrong@2026', meaning: 'reviewed' }))
        .status,
    ).toBe(409);
    expect(await wrongTries('signer.a')).toBe(tries);
    expect(row.signed_at).not.toBeNull();

    const detail = await api<TaskDetail>(tokens['signer.a']!, 'GET', `/task/${taskId}`);
    expect(detail.body.data.signature).toMatchObject({
      signerId: ids['signer.a'],
      signerName: 'Name signer.a',
      meaning: 'reviewed',
    });
    const chart = await api<InstanceChart>(tokens['signer.a']!, 'GET', `/instance/${instanceId}/chart`);
    expect(chart.body.data.history[0]!.signature).toMatchObject({ signerName: 'Name signer.a', meaning: 'reviewed' });
    // The decided record's history has the signature, written with the decision.
    const entries = await history(businessId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'sign',
      entity: 'sign-test',
      recordId: businessId,
      userId: ids['signer.a'],
      userName: 'signer.a',
      signature: {
        signerId: ids['signer.a'],
        signerName: 'Name signer.a',
        meaning: 'reviewed',
        at: new Date(row.signed_at!).toISOString(),
      },
    });
    expect(entries[0]!.changes).toEqual([
      { field: 'task', before: null, after: 'Release' },
      { field: 'decision', before: 'pending', after: 'agreed' },
      { field: 'opinion', before: null, after: 'released' },
    ]);
    const verified = await call<{ ok: boolean }>(h.app, 'POST', '/api/platform-system/audit/verify', {
      token: tokens.admin,
      body: {},
    });
    expect(verified.body.data.ok).toBe(true);

    const rejected = await openTask('user:signer.a', 'approved');
    const no = await api(tokens['signer.a']!, 'POST', `/task/${rejected.taskId}/reject`, {
      opinion: 'shelf life wrong',
      password: PASSWORD,
      meaning: 'approved',
    });
    expect(no.status).toBe(200);
    expect(await taskRow(rejected.taskId)).toMatchObject({
      status: 'rejected',
      signer_id: ids['signer.a'],
      sign_meaning: 'approved',
    });
    expect(
      (await history(rejected.businessId)).map((e) => [
        e.action,
        e.signature?.meaning,
        e.changes.find((c) => c.field === 'decision')?.after,
      ]),
    ).toEqual([['sign', 'approved', 'rejected']]);
  });

  it('lets nobody sign for another user, and no API key sign at all', async () => {
    const { taskId } = await openTask('user:signer.a', 'approved');
    // signer.b is no candidate: with their own password or with signer.a's, the task is not theirs.
    for (const body of [
      { password: PASSWORD, meaning: 'approved' },
      { password: PASSWORD, meaning: 'approved', signerId: ids['signer.a'] },
    ]) {
      expect((await api(tokens['signer.b']!, 'POST', `/task/${taskId}/agree`, body)).status).toBe(404);
    }
    // A signer named in the body is not the signer: the signed-in candidate is.
    const ok = await api(tokens['signer.a']!, 'POST', `/task/${taskId}/agree`, {
      password: PASSWORD,
      meaning: 'approved',
      signerId: ids['signer.b'],
    });
    expect(ok.status).toBe(200);
    expect(await taskRow(taskId)).toMatchObject({ signer_id: ids['signer.a'], signer_name: 'Name signer.a' });

    const adminTask = await openTask('user:admin', 'approved');
    const key = await call<{ secret: string }>(h.app, 'POST', '/api/platform-system/api-key', {
      token: tokens.admin,
      body: { name: 'approver bot', expiresInDays: 30, permissions: ['flow:task:view', 'flow:task:agree'] },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    const byKey = await api(key.body.data.secret, 'POST', `/task/${adminTask.taskId}/agree`, {
      password: PASSWORD,
      meaning: 'approved',
    });
    expect(byKey.status).toBe(403);
    expect(byKey.body.msg).toBe('An electronic signature is made by the signed-in person; an API key cannot sign');
    expect(await taskRow(adminTask.taskId)).toMatchObject({ status: 'pending', signer_id: null });
  });

  it('batch audit asks once and signs each signed task', async () => {
    const a = await openTask('role:signer', 'approved reviewed');
    const b = await openTask('role:signer', 'approved');
    const plain = await openTask('role:signer');
    const all = [a.taskId, b.taskId, plain.taskId];
    const bare = await api<Errors>(tokens['signer.b']!, 'POST', '/task/batch-audit', { ids: all, decision: 'agree' });
    expect(bare.status).toBe(400);
    const wrong = await api<Errors>(tokens['signer.b']!, 'POST', '/task/batch-audit', {
      ids: all,
      decision: 'agree',
      password: 'nope',
      meaning: 'approved',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors[0]!.field).toBe('password');
    for (const id of all) expect((await taskRow(id)).status).toBe('pending');

    const ok = await api<BatchAuditResult[]>(tokens['signer.b']!, 'POST', '/task/batch-audit', {
      ids: all,
      decision: 'agree',
      password: PASSWORD,
      meaning: 'approved',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.every((r) => r.ok)).toBe(true);
    for (const x of [a, b]) {
      expect(await taskRow(x.taskId)).toMatchObject({
        status: 'agreed',
        signer_id: ids['signer.b'],
        sign_meaning: 'approved',
      });
      expect((await history(x.businessId)).map((e) => [e.action, e.signature?.signerId])).toEqual([
        ['sign', ids['signer.b']],
      ]);
    }
    expect(await taskRow(plain.taskId)).toMatchObject({ status: 'agreed', signer_id: null });
    expect(await history(plain.businessId)).toEqual([]);

    // A meaning one task does not allow refuses that task only.
    const c = await openTask('role:signer', 'reviewed');
    const d = await openTask('role:signer', 'approved');
    const mixed = await api<BatchAuditResult[]>(tokens['signer.b']!, 'POST', '/task/batch-audit', {
      ids: [c.taskId, d.taskId],
      decision: 'agree',
      password: PASSWORD,
      meaning: 'approved',
    });
    expect(mixed.body.data.map((r) => r.ok)).toEqual([false, true]);
    expect(mixed.body.data[0]!.message).toBe('Task "Release" does not allow the chosen signature meaning');
    expect((await taskRow(c.taskId)).status).toBe('pending');
  });

  it('asks a two-factor user for the authenticator code too', async () => {
    const secret = newTotpSecret();
    await db
      .insertInto('user_totp')
      .values({ tenant_id: tenantId, user_id: ids['signer.totp']!, secret, enabled_at: new Date() })
      .execute();
    const { taskId } = await openTask('user:signer.totp', 'approved');
    const token = tokens['signer.totp']!;
    const noCode = await api<Errors>(token, 'POST', `/task/${taskId}/agree`, {
      password: PASSWORD,
      meaning: 'approved',
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.data.errors).toEqual([
      expect.objectContaining({ field: 'code', message: 'Authenticator code is required' }),
    ]);
    const right = totpCode(secret);
    const wrongCode = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await api<Errors>(token, 'POST', `/task/${taskId}/agree`, {
      password: PASSWORD,
      meaning: 'approved',
      code: wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors[0]!.field).toBe('code');
    expect((await taskRow(taskId)).status).toBe('pending');
    const ok = await api(token, 'POST', `/task/${taskId}/agree`, {
      password: PASSWORD,
      meaning: 'approved',
      code: right,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await taskRow(taskId)).toMatchObject({ status: 'agreed', signer_id: ids['signer.totp'] });
  });

  it('ends the session after a few wrong signature passwords: 20 guesses never give 20 answers (SECURITY-TESTS T3.7)', async () => {
    const { taskId } = await openTask('user:signer.guess', 'approved');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        (
          await api(tokens['signer.guess']!, 'POST', `/task/${taskId}/agree`, {
            password: `Guess-${i}-2026`,
            meaning: 'approved',
          })
        ).status,
      );
    }
    const firstStop = statuses.findIndex((s) => s === 401 || s === 429);
    expect(firstStop).toBeGreaterThan(0);
    expect(firstStop).toBeLessThanOrEqual(5);
    expect(statuses.slice(0, firstStop).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(firstStop).every((s) => s === 401 || s === 429)).toBe(true);
    expect((await taskRow(taskId)).status).toBe('pending');
  });

  it("keeps the signature and its history in the decision's transaction: a decision that fails leaves neither", async () => {
    // The next step's assignee does not exist: agreeing cannot open it, so the whole decision is refused.
    const key = `sign${++seq}`;
    const twoSteps = xml(
      key,
      `
      <startEvent id="start" /><sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
      <userTask id="approve" name="Release" mes:assignee="user:signer.a" mes:signature="approved" />
      <sequenceFlow id="f2" sourceRef="approve" targetRef="next" />
      <userTask id="next" name="Archive" mes:assignee="user:nobody.here" /><sequenceFlow id="f3" sourceRef="next" targetRef="end" />
      <endEvent id="end" />`,
    );
    const { taskId, businessId } = await startModel(key, twoSteps);
    const task = { id: taskId };

    const refused = await api(tokens['signer.a']!, 'POST', `/task/${task.id}/agree`, {
      password: PASSWORD,
      meaning: 'approved',
    });
    expect(refused.status).toBe(409);
    expect(await taskRow(task.id)).toMatchObject({ status: 'pending', signer_id: null, signed_at: null });
    expect(await history(businessId)).toEqual([]);
  });
});
