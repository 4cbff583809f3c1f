import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../server/tenants/provision';
import { DEMO_SOP_KEY } from '../../server/seed/notices-help';
import { DIALECTS, PASSWORD, call, loginToken, startHarness, type Harness } from './harness';

describe.each(DIALECTS)('help and SOP documents [%s]', (kind) => {
  let h: Harness;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    token = await loginToken(h.app, 'demo', 'admin');
    const other = await createTenant(h.database.db, { code: 'other', name: 'Other', adminPassword: PASSWORD });
    await h.database.db
      .insertInto('help_doc')
      .values({
        tenant_id: other.tenantId,
        kind: 'help',
        route_path: '/basic/unit',
        language: 'en',
        title: 'Units',
        content:
          '<p onclick="steal()">Units help</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      })
      .execute();
    otherToken = await loginToken(h.app, 'other', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the help of a route in the asked language', async () => {
    const r = await call(h.app, 'GET', '/api/platform-factory/route/help/doc/content?path=/platform/dict&lang=en', {
      token,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.title).toBe('Dictionaries');
    const zh = await call(h.app, 'GET', '/api/platform-factory/route/help/doc/content?path=/platform/dict', {
      token,
      lang: 'zh-CN',
    });
    expect(zh.body.data.title).toBe('字典管理');
  });

  it("says so when the help is not maintained for the language, in the user's language", async () => {
    // The demo has the dictionaries' help in every language; the units' in none.
    const r = await call(h.app, 'GET', '/api/platform-factory/route/help/doc/content?path=/basic/unit&lang=vi', {
      token,
      lang: 'en',
    });
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('The help document or SOP is not maintained for this language');
  });

  it('keeps tenants apart and strips scripts, handlers and javascript: links', async () => {
    const mine = await call(h.app, 'GET', '/api/platform-factory/route/help/doc/content?path=/basic/unit&lang=en', {
      token,
    });
    expect(mine.status).toBe(404);
    const theirs = await call(h.app, 'GET', '/api/platform-factory/route/help/doc/content?path=/basic/unit&lang=en', {
      token: otherToken,
    });
    expect(theirs.status).toBe(200);
    const html: string = theirs.body.data.content;
    expect(html).toContain('Units help');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('serves a SOP by its public key without login, per language', async () => {
    const en = await call(h.app, 'GET', `/api/platform-system/sop/${DEMO_SOP_KEY}?lang=en`);
    expect(en.status).toBe(200);
    expect(en.body.data.title).toBe('Changing the label printer roll');
    expect((await call(h.app, 'GET', `/api/platform-system/sop/${DEMO_SOP_KEY}?lang=es`)).body.data.title).toBe(
      'Cambio del rollo de la impresora de etiquetas',
    );
    // A SOP written in English only is not maintained in Spanish.
    const onlyEnglish = await h.database.db
      .insertInto('help_doc')
      .values({
        tenant_id: (
          await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
        ).id,
        kind: 'sop',
        language: 'en',
        title: 'Torque check',
        content: '<p>Check the torque.</p>',
      })
      .returning('doc_key')
      .executeTakeFirstOrThrow();
    expect((await call(h.app, 'GET', `/api/platform-system/sop/${onlyEnglish.doc_key}?lang=en`)).status).toBe(200);
    expect((await call(h.app, 'GET', `/api/platform-system/sop/${onlyEnglish.doc_key}?lang=es`)).status).toBe(404);
    expect((await call(h.app, 'GET', '/api/platform-system/sop/not-a-uuid?lang=en')).status).toBe(404);
  });
});
