import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { LanguageOption, TranslationOverrides, TranslationRow } from '../../model/helper';
import type { Page } from '../../model/api';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';

async function sheetOf(buf: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buf as never);
  return book;
}

describe.each(DIALECTS)('language maintenance and translation overrides [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let otherAdmin: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    await createUser(db, {
      tenantId,
      account: 'plain.staff',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
    });
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    staff = await loginToken(h.app, 'demo', 'plain.staff');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const api = <T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call<T>(h.app, method, `/api/platform-system${url}`, { token, body, lang: 'en' });

  it('offers the languages the tenant enables; cope follows; at least one stays', async () => {
    const all = await api<LanguageOption[]>(admin, 'GET', '/language');
    expect(all.body.data.map((l) => [l.dictKey, l.enabled])).toEqual([
      ['zh-CN', true],
      ['zh-TW', true],
      ['en', true],
      ['vi', true],
      ['es', true],
    ]);
    expect((await api(admin, 'PUT', '/language', { languages: ['vi', 'zh-CN'] })).status).toBe(200);
    expect((await api<{ language: string }>(admin, 'GET', '/cope')).body.data.language).toBe('zh-CN,vi');
    const none = await api<{ errors: { field: string; message: string }[] }>(admin, 'PUT', '/language', {
      languages: [],
    });
    expect(none.status).toBe(400);
    expect(none.body.data.errors[0]).toMatchObject({ field: 'languages', message: 'Choose at least one language' });
    expect((await api(admin, 'PUT', '/language', { languages: ['xx'] })).status).toBe(400);
    expect((await api(staff, 'PUT', '/language', { languages: ['en'] })).status).toBe(403);
    expect((await api(staff, 'GET', '/language')).status).toBe(403);
    // Another tenant's list is its own.
    expect((await api<{ language: string }>(otherAdmin, 'GET', '/cope')).body.data.language).toBe(
      'zh-CN,zh-TW,en,vi,es',
    );
    await api(admin, 'PUT', '/language', { languages: ['zh-CN', 'zh-TW', 'en', 'vi', 'es'] });
  });

  it('overrides one key in one language, keeps placeholders, and falls back when the override is removed', async () => {
    const set = await api<TranslationOverrides>(admin, 'PUT', '/translation', {
      namespace: 'shell',
      key: 'notice.title',
      language: 'en',
      value: 'Bulletins',
    });
    expect(set.status).toBe(200);
    expect(set.body.data.texts.en?.shell?.['notice.title']).toBe('Bulletins');
    const row = (await api<Page<TranslationRow>>(admin, 'GET', '/translation?namespace=shell&keyword=bulletins')).body
      .data.records;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({
      key: 'notice.title',
      shipped: { en: 'Notices', 'zh-CN': '通知' },
      override: { en: 'Bulletins' },
    });
    // Every signed-in user of the tenant receives the overrides; another tenant does not.
    expect(
      (await api<TranslationOverrides>(staff, 'GET', '/translation/overrides')).body.data.texts.en?.shell?.[
        'notice.title'
      ],
    ).toBe('Bulletins');
    expect((await api<TranslationOverrides>(otherAdmin, 'GET', '/translation/overrides')).body.data.texts).toEqual({});

    const lost = await api(admin, 'PUT', '/translation', {
      namespace: 'shell',
      key: 'task.pending',
      language: 'en',
      value: 'Waiting',
    });
    expect(lost.status).toBe(400);
    expect(lost.body.msg).toBe('The text must keep the placeholders of the original (task.pending)');
    expect(
      (
        await api(admin, 'PUT', '/translation', {
          namespace: 'shell',
          key: 'task.pending',
          language: 'en',
          value: 'Waiting {{count}}',
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(admin, 'PUT', '/translation', { namespace: 'shell', key: 'no.such.key', language: 'en', value: 'x' }))
        .status,
    ).toBe(400);
    expect(
      (await api(staff, 'PUT', '/translation', { namespace: 'shell', key: 'notice.title', language: 'en', value: 'x' }))
        .status,
    ).toBe(403);

    const before = (await api<TranslationOverrides>(admin, 'GET', '/translation/overrides')).body.data.version;
    await api(admin, 'PUT', '/translation', { namespace: 'shell', key: 'task.pending', language: 'en', value: '' });
    const after = (await api<TranslationOverrides>(admin, 'GET', '/translation/overrides')).body.data;
    expect(after.version).not.toBe(before);
    expect(after.texts.en?.shell?.['task.pending']).toBeUndefined();
  });

  it('exports key × language for translators and takes the sheet back all or nothing', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/platform-system/translation/export',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const book = await sheetOf(res.rawPayload);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'namespace',
      'key',
      'zh-CN',
      'zh-TW',
      'en',
      'vi',
      'es',
    ]);
    let titleRow = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'shell' && row.getCell(2).value === 'notice.title') titleRow = n;
    });
    expect(sheet.getRow(titleRow).getCell(5).value).toBe('Bulletins');

    // The translator renames the notices in Chinese, puts the English back, and breaks a placeholder.
    sheet.getRow(titleRow).getCell(3).value = '公告栏';
    sheet.getRow(titleRow).getCell(5).value = 'Notices';
    let pendingRow = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'shell' && row.getCell(2).value === 'task.pending') pendingRow = n;
    });
    sheet.getRow(pendingRow).getCell(6).value = 'Đang chờ';
    const upload = async (b: ExcelJS.Workbook) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(await b.xlsx.writeBuffer())]), 'translations.xlsx');
      return h.app.inject({
        method: 'POST',
        url: '/api/platform-system/translation/import',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
        payload: form as never,
      });
    };
    const refused = await upload(book);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors).toEqual([
      { row: pendingRow, message: 'vi: The text must keep the placeholders of the original (task.pending)' },
    ]);
    let now = (await api<TranslationOverrides>(admin, 'GET', '/translation/overrides')).body.data.texts;
    expect(now['zh-CN']).toBeUndefined();
    expect(now.en?.shell?.['notice.title']).toBe('Bulletins');

    sheet.getRow(pendingRow).getCell(6).value = 'Chờ xử lý {{count}}';
    const taken = await upload(book);
    expect(taken.statusCode, taken.body).toBe(200);
    now = (await api<TranslationOverrides>(admin, 'GET', '/translation/overrides')).body.data.texts;
    expect(now['zh-CN']?.shell?.['notice.title']).toBe('公告栏');
    expect(now.en?.shell?.['notice.title']).toBeUndefined();
    expect(now.vi?.shell?.['task.pending']).toBe('Chờ xử lý {{count}}');
    // Only what differs from the shipped texts became overrides.
    expect(
      Object.entries(now).flatMap(([l, byNs]) =>
        Object.entries(byNs ?? {}).flatMap(([ns, k]) =>
          Object.entries(k ?? {}).map(([key, v]) => `${l} ${ns} ${key} ${v}`),
        ),
      ),
    ).toHaveLength(2);
  });
});
