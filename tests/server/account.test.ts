import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../server/app';
import type { SmsMessage, SmsSender } from '../../server/auth/sms';
import { consumeSmsCode, issueSmsCode } from '../../server/auth/sms';
import { createTenant, createUser } from '../../server/tenants/provision';
import { BASIC, DIALECTS, PASSWORD, call, loginToken, startHarness, type Harness } from './harness';

/** A multipart body the way a browser sends it. */
function multipart(
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; bytes: Buffer }[],
) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    parts.push(f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const pad = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);

describe.each(DIALECTS)('account self-service [%s]', (kind) => {
  let h: Harness;
  let app: FastifyInstance;
  const sent: SmsMessage[] = [];
  let tenantId: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const sender: SmsSender = {
      name: 'capture',
      send: async (m) => {
        sent.push(m);
      },
    };
    app = await buildApi({
      db: h.database.db,
      config: h.config,
      logger: process.env.DEBUG_LOG ? { level: 'error' } : false,
      smsSender: sender,
    });
    await app.ready();
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    await createUser(h.database.db, { tenantId, account: 'li.lei', password: PASSWORD, mobile: '13800000001' });
    await createUser(h.database.db, { tenantId, account: 'han.mei', password: PASSWORD, mobile: '13800000002' });
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it('changes the password by the rules of SPEC §5 and ends the other sessions', async () => {
    const here = await loginToken(app, 'demo', 'li.lei');
    const elsewhere = await loginToken(app, 'demo', 'li.lei');
    const bad = [
      [{ oldPassword: '', newPassword: 'Abc.1234' }, 'oldPassword'],
      [{ oldPassword: PASSWORD, newPassword: 'abc' }, 'newPassword'],
      [{ oldPassword: PASSWORD, newPassword: 'has space 123' }, 'newPassword'],
      [{ oldPassword: PASSWORD, newPassword: 'abcdefghijklmnopq' }, 'newPassword'],
      [{ oldPassword: PASSWORD, newPassword: PASSWORD }, 'newPassword'],
      [{ oldPassword: 'Wrong.123', newPassword: 'Abc.1234' }, 'oldPassword'],
    ] as const;
    for (const [body, field] of bad) {
      const r = await call(app, 'POST', '/api/platform-system/user/update/password', { token: here, body, lang: 'en' });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.errors[0].field).toBe(field);
    }
    const ok = await call(app, 'POST', '/api/platform-system/user/update/password', {
      token: here,
      body: { oldPassword: PASSWORD, newPassword: 'New_pass.26' },
    });
    expect(ok.status).toBe(200);
    expect((await call(app, 'GET', '/api/platform-system/user', { token: here })).status).toBe(200);
    expect((await call(app, 'GET', '/api/platform-system/user', { token: elsewhere })).status).toBe(401);
    expect(
      (
        await call(app, 'POST', '/api/auth/login', {
          headers: { authorization: BASIC },
          body: { tenantCode: 'demo', account: 'li.lei', password: PASSWORD },
        })
      ).status,
    ).toBe(400);
    expect(await loginToken(app, 'demo', 'li.lei', 'New_pass.26')).toMatch(/^[\w-]{43}$/);
  });

  it('updates only the own profile fields, never account, type or status', async () => {
    const token = await loginToken(app, 'demo', 'han.mei');
    const r = await call(app, 'POST', '/api/platform-system/user/updateUser', {
      token,
      body: {
        nickname: 'Han Meimei',
        email: 'han@example.com',
        mobile: '13800000002',
        account: 'root',
        type: 'admin',
        status: 'disabled',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      account: 'han.mei',
      nickname: 'Han Meimei',
      email: 'han@example.com',
      type: 'staff',
    });
    const bad = await call(app, 'POST', '/api/platform-system/user/updateUser', {
      token,
      body: { nickname: 'x', mobile: '12345' },
      lang: 'zh-CN',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].field).toBe('mobile');
  });

  it('logs in by mobile with a single-use code', async () => {
    sent.length = 0;
    const send = await call(app, 'POST', '/api/auth/sms/send', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', mobile: '13800000002' },
    });
    expect(send.status).toBe(200);
    expect(JSON.stringify(send.body)).not.toMatch(/\d{6}/);
    expect(sent).toHaveLength(1);
    const code = sent[0]!.code;
    expect(code).toMatch(/^\d{6}$/);
    const body = { tenantCode: 'demo', mobile: '13800000002', code };
    const r = await call(app, 'POST', '/api/auth/login/mobile', { headers: { authorization: BASIC }, body });
    expect(r.status).toBe(200);
    expect(r.body.data.user.account).toBe('han.mei');
    const again = await call(app, 'POST', '/api/auth/login/mobile', { headers: { authorization: BASIC }, body });
    expect(again.status).toBe(400);
  });

  it('sends nothing to an unknown number but answers the same', async () => {
    sent.length = 0;
    const r = await call(app, 'POST', '/api/auth/sms/send', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', mobile: '13900000000' },
    });
    expect(r.status).toBe(200);
    expect(sent).toHaveLength(0);
    const unknownTenant = await call(app, 'POST', '/api/auth/sms/send', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'nope', mobile: '13900000000' },
    });
    expect(unknownTenant.body).toEqual(r.body);
  });

  it('limits sends to one a minute per number, with Retry-After', async () => {
    const body = { tenantCode: 'demo', mobile: '13800000001' };
    expect((await call(app, 'POST', '/api/auth/sms/send', { headers: { authorization: BASIC }, body })).status).toBe(
      200,
    );
    const second = await call(app, 'POST', '/api/auth/sms/send', { headers: { authorization: BASIC }, body });
    expect(second.status).toBe(429);
    expect(second.res.headers['retry-after']).toBe('60');
  });

  it('voids a code after five wrong tries, refuses expired codes, allows ten a day', async () => {
    const db = h.database.db;
    const t0 = new Date('2030-01-01T08:00:00Z');
    const code = await issueSmsCode(db, tenantId, '13700000000', t0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await consumeSmsCode(db, tenantId, '13700000000', wrong, t0)).toBe(false);
    expect(await consumeSmsCode(db, tenantId, '13700000000', code, t0)).toBe(false);

    const t1 = new Date(t0.getTime() + 120_000);
    const fresh = await issueSmsCode(db, tenantId, '13700000000', t1);
    expect(await consumeSmsCode(db, tenantId, '13700000000', fresh, new Date(t1.getTime() + 300_001))).toBe(false);

    let sends = 2;
    let t = t1.getTime();
    for (; sends < 10; sends++) {
      t += 61_000;
      await issueSmsCode(db, tenantId, '13700000000', new Date(t));
    }
    await expect(issueSmsCode(db, tenantId, '13700000000', new Date(t + 61_000))).rejects.toMatchObject({
      status: 429,
    });
  });

  it('takes feedback with pictures checked by content and size', async () => {
    const token = await loginToken(app, 'demo', 'admin');
    const post = (fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
      const m = multipart(fields, files);
      return app.inject({
        method: 'POST',
        url: '/api/platform-system/feedback/save',
        headers: { authorization: `Bearer ${token}`, 'content-type': m.contentType, 'accept-language': 'en' },
        payload: m.payload,
      });
    };
    const ok = await post({ description: 'Scanner at line 2 drops reads', contact: 'ext. 2231' }, [
      { name: 'pictures', filename: 'a.png', type: 'image/png', bytes: pad(PNG, 3 * 1024 * 1024) },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const tooBig = await post({ description: 'x' }, [
      { name: 'pictures', filename: 'b.png', type: 'image/png', bytes: pad(PNG, 3 * 1024 * 1024 + 1) },
    ]);
    expect(tooBig.statusCode).toBe(413);
    const exe = await post({ description: 'x' }, [
      {
        name: 'pictures',
        filename: 'setup.png',
        type: 'image/png',
        bytes: Buffer.from('MZ\x90\x00 this is a program'),
      },
    ]);
    expect(exe.statusCode).toBe(415);
    const html = await post({ description: 'x' }, [
      { name: 'pictures', filename: 'x.gif', type: 'image/gif', bytes: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(html.statusCode).toBe(415);
    const long = await post({ description: 'y'.repeat(501) }, []);
    expect(long.statusCode).toBe(400);
    expect(long.json().data.errors[0].field).toBe('description');
    const empty = await post({ description: '  ' }, []);
    expect(empty.statusCode).toBe(400);

    const list = await call(app, 'GET', '/api/platform-system/feedback', { token });
    expect(list.body.data.total).toBe(1);
    const record = list.body.data.records[0];
    expect(record).toMatchObject({ description: 'Scanner at line 2 drops reads', status: 'unprocessed' });
    const pic = await app.inject({
      method: 'GET',
      url: `/api/platform-system/feedback/picture/${record.pictureIds[0]}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/png');
    expect(pic.headers['x-content-type-options']).toBe('nosniff');
    expect(pic.rawPayload.length).toBe(3 * 1024 * 1024);
    // Another user of the tenant does not see it.
    const other = await loginToken(app, 'demo', 'han.mei');
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/platform-system/feedback/picture/${record.pictureIds[0]}`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(hidden.statusCode).toBe(404);

    // T2.6: SVG (a picture that can carry script) is refused; hostile names never reach the disk or a header.
    const svg = await post({ description: 'x' }, [
      {
        name: 'pictures',
        filename: 'x.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ]);
    expect(svg.statusCode).toBe(415);
    const named = await post({ description: 'Names' }, [
      { name: 'pictures', filename: '../../../etc/passwd.png', type: 'image/png', bytes: PNG },
      { name: 'pictures', filename: 'a.png\r\nSet-Cookie: stolen=1', type: 'image/png', bytes: PNG },
    ]);
    expect(named.statusCode, named.body).toBe(200);
    const mine = (await call(app, 'GET', '/api/platform-system/feedback', { token })).body.data.records.find(
      (r: { description: string }) => r.description === 'Names',
    );
    expect(mine.pictureIds).toHaveLength(2);
    for (const id of mine.pictureIds as string[]) {
      const r = await app.inject({
        method: 'GET',
        url: `/api/platform-system/feedback/picture/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.statusCode).toBe(200);
      // RFC 6266: a quoted token-safe name (the generated id), never the uploaded one.
      expect(r.headers['content-disposition']).toBe(`inline; filename="${id}"`);
      expect(r.headers['set-cookie']).toBeUndefined();
      expect(String(r.headers['content-security-policy'])).toMatch(/^sandbox/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    // Another tenant's administrator cannot fetch it by id.
    const acme = await createTenant(h.database.db, {
      code: 'acme-pics',
      name: 'Acme pictures',
      adminPassword: PASSWORD,
    });
    expect(acme.tenantId).toBeTruthy();
    const foreign = await loginToken(app, 'acme-pics', 'admin');
    const cross = await app.inject({
      method: 'GET',
      url: `/api/platform-system/feedback/picture/${mine.pictureIds[0]}`,
      headers: { authorization: `Bearer ${foreign}` },
    });
    expect(cross.statusCode).toBe(404);
  });
});
