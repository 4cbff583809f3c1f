import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { DocumentDetail, DocumentRow } from '../../model/document';
import type { Page } from '../../model/api';
import type { DB } from '../../server/db/types';
import { createTenant, createUser } from '../../server/tenants/provision';
import { blankModelXml } from '../../server/workflow/models';
import { publishVersion } from './seeded-process';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** An MP4-like body: the ftyp box, then enough bytes to span several encryption chunks. */
function mp4(size: number): Buffer {
  const b = Buffer.alloc(size);
  Buffer.from([0, 0, 0, 0x18]).copy(b, 0);
  b.write('ftypisom', 4, 'latin1');
  for (let i = 12; i < size; i++) b[i] = (i * 31 + 7) % 251;
  return b;
}
const PROGRAM = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

describe.each(DIALECTS)('documents [%s]', (kind) => {
  let h: Harness;
  let db: Kysely<DB>;
  let tenantId: string;
  let typeId: string;
  let admin: string;
  let viewer: string;
  let otherAdmin: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    db = h.database.db;
    tenantId = await tenantIdOf(db);
    typeId = (
      await db
        .insertInto('document_type')
        .values({ tenant_id: tenantId, name: 'Manual', suffixes: 'pdf, png, mp4' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const role = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, code: 'viewer', name: 'Viewer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menus = await db
      .selectFrom('menu')
      .select('id')
      .where('perms', 'in', ['basic:document:view', 'basic:document:preview'])
      .execute();
    await db
      .insertInto('role_menu')
      .values(menus.map((m) => ({ tenant_id: tenantId, role_id: role.id, menu_id: m.id })))
      .execute();
    await createUser(db, {
      tenantId,
      account: 'doc.viewer',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['viewer'],
    });
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    viewer = await loginToken(h.app, 'demo', 'doc.viewer');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
    // The demo company releases documents through a process; these tests upload without one until they publish their own.
    const release = (
      await call<Page<{ id: string; key: string }>>(h.app, 'GET', '/api/flow-system/model?keyword=document-release', {
        token: admin,
      })
    ).body.data.records.find((m) => m.key === 'document-release')!;
    expect((await call(h.app, 'POST', `/api/flow-system/model/${release.id}/unpublish`, { token: admin })).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  async function upload(fields: Record<string, string>, file?: { name: string; bytes: Buffer }, token = admin) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/basic-system/document',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', 'x-timezone-offset': '-480' },
      payload: form as never,
    });
    return {
      status: res.statusCode,
      body: res.json() as { msg: string; data: DocumentDetail & { errors?: { field: string; message: string }[] } },
    };
  }
  const content = (id: string, token = admin, range?: string, versionId?: string) =>
    h.app.inject({
      method: 'GET',
      url: `/api/basic-system/document/${id}/content${versionId ? `?versionId=${versionId}` : ''}`,
      headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) },
    });

  it('asks for the type first, then the file, number and version; the file must match the type by suffix and content', async () => {
    const noType = await upload(
      { name: 'Manual', number: 'DOC-1', version: '1.0' },
      { name: 'manual.pdf', bytes: PDF },
    );
    expect(noType.status).toBe(400);
    expect(noType.body.data.errors?.[0]).toMatchObject({
      field: 'typeId',
      message: 'Choose the Document type before uploading the file',
    });
    const noFile = await upload({ typeId, name: 'Manual', number: 'DOC-1', version: '1.0' });
    expect(noFile.body.data.errors?.[0]).toMatchObject({ field: 'file', message: 'File is required' });
    const noVersion = await upload({ typeId, name: 'Manual', number: 'DOC-1' }, { name: 'manual.pdf', bytes: PDF });
    expect(noVersion.body.data.errors?.[0]).toMatchObject({ field: 'version', message: 'Version is required' });
    const noNumber = await upload({ typeId, name: 'Manual', version: '1.0' }, { name: 'manual.pdf', bytes: PDF });
    expect(noNumber.body.msg).toBe('Enter the document number (this document type has no numbering rule)');
    const renamed = await upload(
      { typeId, name: 'Manual', number: 'DOC-1', version: '1.0' },
      { name: 'setup.pdf', bytes: PROGRAM },
    );
    expect(renamed.status).toBe(415);
    expect(renamed.body.msg).toBe("The file's content is not a .pdf file");
    const wrongType = await upload(
      { typeId, name: 'Notes', number: 'DOC-1', version: '1.0' },
      { name: 'notes.txt', bytes: Buffer.from('plain text') },
    );
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.msg).toBe('Document type "Manual" takes only pdf, png, mp4 files');
    expect(
      (await call<Page<DocumentRow>>(h.app, 'GET', '/api/basic-system/document?keyword=DOC-1', { token: admin })).body
        .data.total,
    ).toBe(0);
  });

  it('keeps every version, shows the newest by default, and serves byte ranges', async () => {
    const v1 = await upload(
      { typeId, name: 'Line 3 manual', number: 'DOC-7', version: '1.0' },
      { name: 'manual.pdf', bytes: PDF },
    );
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    const v2 = await upload(
      { typeId, name: 'Line 3 manual', number: 'DOC-7', version: '2.0' },
      { name: 'manual-2.pdf', bytes: Buffer.concat([PDF, Buffer.from('% v2\n')]) },
    );
    expect(v2.body.data).toMatchObject({
      id: v1.body.data.id,
      version: '2.0',
      fileName: 'manual-2.pdf',
      preview: 'pdf',
    });
    expect(v2.body.data.versions.map((v) => v.version)).toEqual(['2.0', '1.0']);
    const again = await upload(
      { typeId, name: 'Line 3 manual', number: 'DOC-7', version: '2.0' },
      { name: 'manual.pdf', bytes: PDF },
    );
    expect(again.status).toBe(409);

    const whole = await content(v1.body.data.id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.toString()).toContain('% v2');
    const old = await content(v1.body.data.id, admin, undefined, v2.body.data.versions[1]!.id);
    expect(old.rawPayload.equals(PDF)).toBe(true);
    const part = await content(v1.body.data.id, admin, 'bytes=1-4');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-4/${PDF.length + 5}`);
    expect(part.rawPayload.toString()).toBe('PDF-');
    expect((await content(v1.body.data.id, admin, 'bytes=99999-')).statusCode).toBe(416);
  });

  it('stores an encrypted document encrypted and decrypts only the chunks a range needs', async () => {
    const video = mp4(200_000);
    const up = await upload(
      { typeId, name: 'Training video', number: 'VID-1', version: '1', encrypted: 'true' },
      { name: 'training.mp4', bytes: video },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ encrypted: true, size: 200_000, preview: 'video' });
    const stored = await db
      .selectFrom('document_version')
      .select('storage_key')
      .where('document_id', '=', up.body.data.id)
      .executeTakeFirstOrThrow();
    const onDisk = fs.readFileSync(`${h.config.filesDir}/${stored.storage_key}`);
    expect(onDisk.includes(video.subarray(100_000, 100_064))).toBe(false);
    const across = await content(up.body.data.id, admin, 'bytes=65500-131100');
    expect(across.statusCode).toBe(206);
    expect(across.rawPayload.equals(video.subarray(65500, 131101))).toBe(true);
    expect((await content(up.body.data.id)).rawPayload.equals(video)).toBe(true);
  });

  it("numbers a document by its type's encoding rule when no number is given", async () => {
    const rules = (await db
      .selectFrom('encoding_rule' as never)
      .select(['id' as never, 'name' as never])
      .where('tenant_id' as never, '=', tenantId as never)
      .execute()) as { id: string; name: string }[];
    let numbered: { ruleId: string; codes: string[] } | null = null;
    for (const r of rules) {
      const p = await call<{ codes: string[] }>(
        h.app,
        'GET',
        `/api/basic-system/encoding-rule/${r.id}/preview?count=2`,
        { token: admin, headers: { 'x-timezone-offset': '-480' } },
      );
      if (p.status === 200 && p.body.data.codes.length === 2) {
        numbered = { ruleId: r.id, codes: p.body.data.codes };
        break;
      }
    }
    expect(numbered, 'a demo encoding rule that needs no factory or line').not.toBeNull();
    const type = await db
      .insertInto('document_type')
      .values({ tenant_id: tenantId, name: 'Numbered', suffixes: 'pdf', encoding_rule_id: numbered!.ruleId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await upload({ typeId: type.id, name: 'First', version: '1' }, { name: 'a.pdf', bytes: PDF });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await upload({ typeId: type.id, name: 'Second', version: '1' }, { name: 'b.pdf', bytes: PDF });
    expect([first.body.data.number, second.body.data.number]).toEqual(numbered!.codes);
    // A refused file takes no number.
    const refused = await upload({ typeId: type.id, name: 'Third', version: '1' }, { name: 'c.pdf', bytes: PROGRAM });
    expect(refused.status).toBe(415);
    const next = await call<{ codes: string[] }>(
      h.app,
      'GET',
      `/api/basic-system/encoding-rule/${numbered!.ruleId}/preview?count=1`,
      { token: admin, headers: { 'x-timezone-offset': '-480' } },
    );
    const after = await upload({ typeId: type.id, name: 'Fourth', version: '1' }, { name: 'd.pdf', bytes: PDF });
    expect(after.body.data.number).toBe(next.body.data.codes[0]);
  });

  it('gives viewers in sub-app frames a short-lived, signed address that needs no token', async () => {
    const video = mp4(150_000);
    const up = await upload(
      { typeId, name: 'Ticketed', number: 'TCK-1', version: '1' },
      { name: 'clip.mp4', bytes: video },
    );
    const t = await call<{ url: string; expiresAt: string }>(
      h.app,
      'POST',
      `/api/basic-system/document/${up.body.data.id}/ticket`,
      { token: viewer, body: {} },
    );
    expect(t.status).toBe(200);
    expect(Date.parse(t.body.data.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // No public origin configured: a path, which the viewer resolves against the shell's origin (T2.11).
    expect(t.body.data.url).toMatch(/^\/api\/basic-system\/document\/file\?ticket=/);
    const path = t.body.data.url.replace(/^https?:\/\/[^/]+/, '');
    const whole = await h.app.inject({ method: 'GET', url: path, headers: { origin: 'http://localhost:4001' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    expect(whole.headers['access-control-allow-origin']).toBe('http://localhost:4001');
    const seek = await h.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=100000-100009' } });
    expect(seek.statusCode).toBe(206);
    expect(seek.rawPayload.equals(video.subarray(100000, 100010))).toBe(true);
    const elsewhere = await h.app.inject({ method: 'GET', url: path, headers: { origin: 'https://evil.example' } });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    // A ticket altered in any way, or for another document, is worth nothing.
    const [body, mac] = t.body.data.url.split('ticket=')[1]!.split('.');
    const forged = JSON.parse(Buffer.from(body!, 'base64url').toString()) as unknown[];
    forged[4] = Date.now() + 86_400_000;
    const tampered = `/api/basic-system/document/file?ticket=${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
    expect((await h.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    expect(
      (
        await call(h.app, 'POST', `/api/basic-system/document/${up.body.data.id}/ticket`, {
          token: otherAdmin,
          body: {},
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a device document to a user without the browsing authority', async () => {
    const factoryId = await factoryIdOf(db, tenantId, 'F001');
    const device = (await db
      .insertInto('device' as never)
      .values({
        tenant_id: tenantId,
        factory_id: factoryId,
        code: 'CNC-01',
        name: 'CNC 01',
        document_authority: true,
      } as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow()) as { id: string };
    const up = await upload(
      { typeId, name: 'CNC manual', number: 'DEV-1', version: '1', deviceId: device.id },
      { name: 'cnc.pdf', bytes: PDF },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await content(up.body.data.id, admin)).statusCode).toBe(200);
    const refused = await content(up.body.data.id, viewer);
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(h.app, 'POST', `/api/basic-system/document/${up.body.data.id}/ticket`, { token: viewer, body: {} }))
        .status,
    ).toBe(403);
    const plain = await upload(
      { typeId, name: 'Plain manual', number: 'DOC-9', version: '1' },
      { name: 'plain.pdf', bytes: PDF },
    );
    expect((await content(plain.body.data.id, viewer)).statusCode).toBe(200);
    expect(
      (await upload({ typeId, name: 'x', number: 'DOC-10', version: '1' }, { name: 'x.pdf', bytes: PDF }, viewer))
        .status,
    ).toBe(403);
  });

  it('releases versions through a published document-release process; the default stays the newest released', async () => {
    const flow = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call<any>(h.app, method, `/api/flow-system${url}`, { token: admin, body });
    // The demo's release process, decided by the administrator in this version.
    const modelId = await publishVersion(
      h.app,
      admin,
      'document-release',
      blankModelXml('document_release', 'Document release'),
    );
    const decide = async (decision: 'agree' | 'reject') => {
      const task = (await flow('GET', '/task/pending?size=100')).body.data.records.find(
        (t: { businessType: string }) => t.businessType === 'document-version',
      );
      expect(task, 'a release task').toBeDefined();
      expect(
        (
          await flow('POST', `/task/${task.id}/${decision}`, {
            opinion: decision === 'reject' ? 'wrong drawing' : 'ok',
          })
        ).status,
      ).toBe(200);
    };
    const v1 = await upload(
      { typeId, name: 'Released manual', number: 'REL-1', version: '1' },
      { name: 'r1.pdf', bytes: PDF },
    );
    expect(v1.body.data).toMatchObject({ version: '1', releaseStatus: 'pending' });
    await decide('agree');
    const v2 = await upload(
      { typeId, name: 'Released manual', number: 'REL-1', version: '2' },
      { name: 'r2.pdf', bytes: Buffer.concat([PDF, Buffer.from('% v2')]) },
    );
    // The new version waits; the released one stays the default.
    expect(v2.body.data).toMatchObject({ version: '1', releaseStatus: 'released' });
    expect(v2.body.data.versions.map((v) => [v.version, v.releaseStatus])).toEqual([
      ['2', 'pending'],
      ['1', 'released'],
    ]);
    expect((await content(v1.body.data.id)).rawPayload.equals(PDF)).toBe(true);
    await decide('reject');
    const after = (
      await call<DocumentDetail>(h.app, 'GET', `/api/basic-system/document/${v1.body.data.id}`, { token: admin })
    ).body.data;
    expect(after.versions.map((v) => [v.version, v.releaseStatus])).toEqual([
      ['2', 'rejected'],
      ['1', 'released'],
    ]);
    expect(after.version).toBe('1');
    await flow('POST', `/model/${modelId}/unpublish`);
  });

  it('keeps other tenants out and deletes files with their document', async () => {
    const up = await upload({ typeId, name: 'Private', number: 'PRV-1', version: '1' }, { name: 'p.pdf', bytes: PDF });
    const id = up.body.data.id;
    expect((await call(h.app, 'GET', `/api/basic-system/document/${id}`, { token: otherAdmin })).status).toBe(404);
    expect((await content(id, otherAdmin)).statusCode).toBe(404);
    expect(
      (await call(h.app, 'DELETE', '/api/basic-system/document', { token: otherAdmin, body: { ids: [id] } })).status,
    ).toBe(404);
    const other = await upload(
      { typeId, name: 'x', number: 'X-1', version: '1' },
      { name: 'x.pdf', bytes: PDF },
      otherAdmin,
    );
    expect(other.status).toBe(400); // another tenant's type is no type at all
    const key = (
      await db
        .selectFrom('document_version')
        .select('storage_key')
        .where('document_id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(fs.existsSync(`${h.config.filesDir}/${key}`)).toBe(true);
    expect(
      (await call(h.app, 'DELETE', '/api/basic-system/document', { token: admin, body: { ids: [id] } })).status,
    ).toBe(200);
    expect(fs.existsSync(`${h.config.filesDir}/${key}`)).toBe(false);
  });
});
