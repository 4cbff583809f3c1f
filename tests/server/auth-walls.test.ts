/**
 * SECURITY-TESTS T3.1 (password hashes), T3.2 (no account enumeration by answer or timing) and
 * T2.8 (one structured log entry per login, failure, lockout and refusal; no secret in any log line).
 */
import { randomBytes, scrypt } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi, loggerOptions } from '../../server/app';
import { hashPassword, verifyPassword } from '../../server/auth/password';
import type { SmsMessage } from '../../server/auth/sms';
import { createUser } from '../../server/tenants/provision';
import { BASIC, PASSWORD, call, login, loginToken, startHarness, type Harness } from './harness';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** A hash as the portal made them before Argon2id: scrypt, N = 2^17, r = 8, p = 1. */
function scryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(`scrypt$N=131072,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`),
    ),
  );
}

describe('password hashes (T3.1)', () => {
  it('uses Argon2id with m ≥ 19456 KiB, t ≥ 2, p ≥ 1, a 16-byte salt, a new salt every time, and verifies in under a second', async () => {
    const a = await hashPassword('Correct-Horse-9');
    const b = await hashPassword('Correct-Horse-9');
    expect(a).not.toBe(b);
    const [, scheme, version, params, salt] = a.split('$');
    expect(scheme).toBe('argon2id');
    expect(version).toBe('v=19');
    const p = Object.fromEntries(
      params!
        .split(',')
        .map((kv) => kv.split('='))
        .map(([k, v]) => [k, Number(v)]),
    );
    expect(p.m).toBeGreaterThanOrEqual(19_456);
    expect(p.t).toBeGreaterThanOrEqual(2);
    expect(p.p).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(salt!, 'base64').length).toBeGreaterThanOrEqual(16);
    const started = performance.now();
    expect(await verifyPassword('Correct-Horse-9', a)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await verifyPassword('Correct-Horse-8', a)).toBe(false);
  });

  it('refuses a stored hash that asks for more memory or passes than the bounds, and a malformed one', async () => {
    const good = await hashPassword('Correct-Horse-9');
    expect(await verifyPassword('Correct-Horse-9', good.replace('m=47104', 'm=4194304'))).toBe(false);
    expect(await verifyPassword('Correct-Horse-9', good.replace('t=2', 't=1000'))).toBe(false);
    expect(await verifyPassword('Correct-Horse-9', good.slice(0, -4))).toBe(false);
    expect(await verifyPassword('Correct-Horse-9', 'plain-text')).toBe(false);
  });

  it('a scrypt hash made before still logs in, and that login stores the password again as Argon2id', async () => {
    const h = await startHarness('pglite');
    try {
      const tenantId = (
        await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
      ).id;
      const old = await scryptHash('Old-Scheme-42');
      const userId = await createUser(h.database.db, {
        tenantId,
        account: 'scrypt.user',
        password: 'unused',
        passwordHash: old,
      });
      const stored = () =>
        h.database.db
          .selectFrom('app_user')
          .select('password_hash')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
          .then((r) => r.password_hash);
      // A wrong password changes nothing.
      expect((await login(h.app, 'demo', 'scrypt.user', 'Old-Scheme-43')).status).toBe(400);
      expect(await stored()).toBe(old);
      expect((await login(h.app, 'demo', 'scrypt.user', 'Old-Scheme-42')).status).toBe(200);
      const renewed = await stored();
      expect(renewed).toMatch(/^\$argon2id\$v=19\$m=47104,t=2,p=1\$/);
      expect(await verifyPassword('Old-Scheme-42', renewed)).toBe(true);
      // And the next login verifies the new hash.
      expect((await login(h.app, 'demo', 'scrypt.user', 'Old-Scheme-42')).status).toBe(200);
      expect(await stored()).toBe(renewed);
    } finally {
      await h.close();
    }
  }, 60_000);
});

describe('enumeration and logging (T3.2, T2.8)', () => {
  let h: Harness;
  let app: FastifyInstance;
  const lines: string[] = [];
  const sent: SmsMessage[] = [];

  beforeAll(async () => {
    h = await startHarness('pglite');
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    // The production logger options (redaction, UTC time), writing to a sink the test reads.
    const logger = { ...(loggerOptions('info') as object), stream: sink };
    app = await buildApi({
      db: h.database.db,
      config: h.config,
      logger: logger as never,
      smsSender: {
        name: 'capture',
        send: async (m) => {
          sent.push(m);
        },
      },
    });
    await app.ready();
    const tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    await createUser(h.database.db, { tenantId, account: 'enum.target', password: PASSWORD, mobile: '13800000077' });
    await createUser(h.database.db, { tenantId, account: 'plain.staff', password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  // 40 scrypt logins: fewer than the catalogue's 2 × 50, paired so that a busy machine cannot fake or
  // hide a difference, with a time limit of its own well above what a loaded 2-core machine needs.
  it('answers an unknown account and a wrong password alike, in status, body and time', async () => {
    const pairs = 20;
    const time = async (account: string) => {
      const t0 = performance.now();
      const r = await login(app, 'demo', account, 'Wrong-Password-1');
      return { ms: performance.now() - t0, status: r.status, body: JSON.stringify(r.body) };
    };
    // Warm-up: the first unknown account makes the dummy hash it is checked against.
    await time('nobody.warm-up');
    await time('enum.target');
    const ratios: number[] = [];
    const unknown: number[] = [];
    const wrong: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < pairs; i++) {
      // Interleaved, in a changing order: drift of the machine's load hits both kinds alike.
      const first = i % 2 === 0 ? 'unknown' : 'wrong';
      const a = await time(first === 'unknown' ? `nobody.${i}` : 'enum.target');
      const b = await time(first === 'unknown' ? 'enum.target' : `nobody.${i}`);
      const [u, w] = first === 'unknown' ? [a, b] : [b, a];
      unknown.push(u.ms);
      wrong.push(w.ms);
      ratios.push(u.ms / w.ms);
      bodies.add(`${u.status} ${u.body}`);
      bodies.add(`${w.status} ${w.body}`);
    }
    expect([...bodies]).toHaveLength(1);
    // The median of the pairs' ratios: a real difference (no hash for unknown accounts: ~1 ms against
    // the hash's ~20) moves every pair; a pause of the machine moves one or two.
    const ratio = median(ratios);
    const detail = `median ratio ${ratio.toFixed(2)}; medians ${median(unknown).toFixed(1)} ms (unknown) and ${median(wrong).toFixed(1)} ms (wrong password)`;
    expect(ratio, detail).toBeGreaterThan(0.8);
    expect(ratio, detail).toBeLessThan(1.25);
  }, 180_000);

  it('logs each login, failure and refusal once, as structured UTC entries with the client, and never a secret', async () => {
    lines.length = 0;
    const agent = 'walls-test/1.0';
    const ok = await call<{ token: string }>(app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC, 'user-agent': agent },
      body: { tenantCode: 'demo', account: 'plain.staff', password: PASSWORD },
    });
    expect(ok.status).toBe(200);
    const token = ok.body.data.token;
    const evil = 'evil\n{"level":30,"msg":"forged"}\u0007';
    await call(app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC, 'user-agent': agent },
      body: { tenantCode: 'demo', account: evil, password: 'Not-It-123' },
    });
    // A staff user without the permission is refused, and that is logged too.
    const refused = await call(app, 'GET', '/api/basic-system/unit', { token, headers: { 'user-agent': agent } });
    expect(refused.status).toBe(403);
    // An SMS code sent through a real channel (not the development log driver) never reaches the log.
    sent.length = 0;
    await call(app, 'POST', '/api/auth/sms/send', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', mobile: '13800000077' },
    });
    expect(sent).toHaveLength(1);
    const smsLogin = await call<{ token: string }>(app, 'POST', '/api/auth/login/mobile', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', mobile: '13800000077', code: sent[0]!.code },
    });
    expect(smsLogin.status).toBe(200);

    const entries = lines.map((l) => JSON.parse(l) as Record<string, any>);
    const logins = entries.filter((e) => e.login);
    const success = logins.filter((e) => e.login.account === 'plain.staff' && e.login.result === 'success');
    const failure = logins.filter((e) => e.login.account === evil && e.login.result === 'failure');
    expect(success).toHaveLength(1);
    expect(failure).toHaveLength(1);
    for (const e of [...success, ...failure]) {
      expect(e.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(e.login.tenantId).toMatch(/^[0-9a-f-]{36}$/);
      expect(e.login.ip).toBeTruthy();
      expect(e.login.userAgent).toBe(agent);
    }
    const refusals = entries.filter((e) => e.refused);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.refused).toMatchObject({
      account: 'plain.staff',
      path: '/api/basic-system/unit',
      permission: 'basic:unit:view',
      userAgent: agent,
    });

    // The control characters of the hostile account name stay inside one encoded line: no forged entry.
    expect(entries.some((e) => e.msg === 'forged')).toBe(false);
    const raw = lines.join('\n');
    expect(raw).not.toContain('\u0007');
    for (const secret of [PASSWORD, 'Not-It-123', token, smsLogin.body.data.token]) {
      expect(raw.includes(secret), `a secret reached the log: ${secret.slice(0, 4)}…`).toBe(false);
    }
    // The code as a number of its own (not six digits inside a duration such as 3.123456).
    expect(raw).not.toMatch(new RegExp(`(?<![\\d.])${sent[0]!.code}(?![\\d.])`));
    expect(await loginToken(app, 'demo', 'plain.staff')).not.toBe(token); // a new token at every login (T3.6)
  });
});
