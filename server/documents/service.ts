/**
 * Documents and their versions: upload checked against the document type (suffix and content),
 * numbered by the type's encoding rule when no number is given, stored (encrypted when asked) and
 * read back by byte ranges for previews.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { DocumentDetail, DocumentRow } from '../../model/document';
import type { DB } from '../db/types';
import type {} from '../db/types-documents';
import { ApiError, notFound } from '../http';
import { decryptRange, encrypt } from '../files/encryption';
import { mimeOf, previewKind, suffixOf, suffixesFor } from '../files/document-sniff';
import { newStorageKey, type FileStorage } from '../files/storage';
import { startProcess } from '../workflow/instances';
import { emitEvent } from '../webhooks/emit';
import { registerBusiness } from '../workflow/business';
import { dateOnly, iso } from '../dates';
import { writeHistory, type AuditActor } from '../audit/write';
import { apiKeys, recordRows } from '../audit/record';
import { diffFields } from '../audit/diff';
import { accountActor } from '../audit/accounts';
import { containsPattern } from '../db/patterns';

/** The entity name of documents in history (a new version is an entry of its document). */
export const DOCUMENT_ENTITY = 'document';

export const DOCUMENT_RELEASE_PROCESS = 'document-release';

export interface UploadInput {
  typeId: string;
  name: string;
  number: string;
  version: string;
  encrypted: boolean;
  validFrom?: string;
  validTo?: string;
  deviceId?: string;
  fileName: string;
  bytes: Buffer;
}

export type NumberGenerator = (ruleId: string) => Promise<string>;

/** A DATE column as YYYY-MM-DD, whatever zone the server and the driver put its midnight in. */
const day = (d: Date | string | null) => dateOnly(d);

export class DocumentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly storage: FileStorage,
    private readonly key: () => Promise<Buffer>,
  ) {}

  /** The allowed suffixes of a type, lower case. */
  private async typeOf(tenantId: string, typeId: string) {
    const t = await this.db
      .selectFrom('document_type')
      .select(['id', 'name', 'suffixes', 'encoding_rule_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', typeId)
      .executeTakeFirst();
    if (!t) throw new ApiError(400, 'document.typeFirst');
    return {
      ...t,
      allowed: t.suffixes
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    };
  }

  /** Checks the file against the type: its suffix is allowed and its content is what the suffix says. */
  async check(tenantId: string, typeId: string, fileName: string, bytes: Buffer): Promise<string> {
    const type = await this.typeOf(tenantId, typeId);
    const suffix = suffixOf(fileName);
    if (!suffix || !type.allowed.includes(suffix))
      throw new ApiError(415, 'document.suffixNotAllowed', { suffixes: type.allowed.join(', '), type: type.name });
    if (!suffixesFor(bytes.subarray(0, 4096)).includes(suffix))
      throw new ApiError(415, 'document.contentMismatch', { suffix });
    return suffix;
  }

  async upload(
    tenantId: string,
    userId: string,
    input: UploadInput,
    nextNumber: NumberGenerator,
    audit: AuditActor,
  ): Promise<string> {
    const suffix = await this.check(tenantId, input.typeId, input.fileName, input.bytes);
    const type = await this.typeOf(tenantId, input.typeId);
    let number = input.number;
    if (!number) {
      if (!type.encoding_rule_id) throw new ApiError(400, 'document.numberRequired');
      number = await nextNumber(type.encoding_rule_id);
    }
    if (input.deviceId) {
      const device = await this.db
        .selectFrom(sql<{ id: string }>`device`.as('d'))
        .select('d.id')
        .where(sql`d.tenant_id`, '=', tenantId)
        .where(sql`d.id`, '=', input.deviceId)
        .executeTakeFirst();
      if (!device) throw new ApiError(400, 'document.noSuchDevice');
    }
    const fileId = randomUUID();
    const storageKey = newStorageKey(fileId);
    const stored = input.encrypted ? encrypt(input.bytes, await this.key()) : input.bytes;
    await this.storage.put(storageKey, stored);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('document')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('number', '=', number)
          .forUpdate()
          .executeTakeFirst();
        const previous = existing
          ? await trx
              .selectFrom('document_version')
              .select(['version', 'file_name'])
              .where('tenant_id', '=', tenantId)
              .where('document_id', '=', existing.id)
              .orderBy('uploaded_at', 'desc')
              .orderBy('id', 'desc')
              .limit(1)
              .executeTakeFirst()
          : undefined;
        let documentId: string;
        if (existing) {
          // A new version of a known number: same type, the newest becomes the default.
          if (existing.type_id !== input.typeId) throw new ApiError(409, 'document.numberOtherType', { number });
          documentId = existing.id;
          await trx
            .updateTable('document')
            .set({
              name: input.name,
              encrypted: input.encrypted,
              valid_from: input.validFrom ?? null,
              valid_to: input.validTo ?? null,
              updated_at: new Date(),
              updated_by: userId,
            })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', documentId)
            .execute();
        } else {
          documentId = (
            await trx
              .insertInto('document')
              .values({
                tenant_id: tenantId,
                type_id: input.typeId,
                name: input.name,
                number,
                encrypted: input.encrypted,
                valid_from: input.validFrom ?? null,
                valid_to: input.validTo ?? null,
                device_id: input.deviceId ?? null,
                created_by: userId,
                updated_by: userId,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        }
        const clash = await trx
          .selectFrom('document_version')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('document_id', '=', documentId)
          .where('version', '=', input.version)
          .executeTakeFirst();
        if (clash) throw new ApiError(409, 'document.versionExists', { number, version: input.version });
        const version = await trx
          .insertInto('document_version')
          .values({
            tenant_id: tenantId,
            document_id: documentId,
            version: input.version,
            file_name: input.fileName.slice(0, 255),
            suffix,
            size: input.bytes.length,
            storage_key: storageKey,
            encrypted: input.encrypted,
            uploaded_by: userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // With a published release process the version waits for it; otherwise it is released at once.
        const started = await startProcess(
          trx,
          { tenantId, userId, factoryId: null },
          {
            modelKey: DOCUMENT_RELEASE_PROCESS,
            businessType: 'document-version',
            businessId: version.id,
            title: `${number} ${input.version} · ${input.name}`.slice(0, 300),
            variables: { encrypted: input.encrypted, suffix },
          },
        );
        if (started) {
          await trx
            .updateTable('document_version')
            .set({ release_status: 'pending' })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', version.id)
            .where('release_status', '=', 'released')
            .execute();
        } else {
          await emitReleased(trx, tenantId, version.id);
        }
        // The document's entry: its own fields, and the version now newest.
        const after = await trx
          .selectFrom('document')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('id', '=', documentId)
          .executeTakeFirstOrThrow();
        const changes = [
          ...diffFields(apiKeys(existing ?? null), apiKeys(after)),
          { field: 'version', before: previous?.version ?? null, after: input.version },
          { field: 'fileName', before: previous?.file_name ?? null, after: input.fileName.slice(0, 255) },
        ];
        await writeHistory(trx, audit, [
          {
            action: existing ? 'update' : 'create',
            entity: DOCUMENT_ENTITY,
            recordId: documentId,
            recordCode: number,
            changes,
          },
        ]);
        return documentId;
      });
    } catch (e) {
      await this.storage.remove(storageKey);
      throw e;
    }
  }

  private rows(tenantId: string) {
    return this.db
      .selectFrom('document as d')
      .innerJoin('document_type as t', (j) =>
        j.onRef('t.tenant_id', '=', 'd.tenant_id').onRef('t.id', '=', 'd.type_id'),
      )
      .innerJoinLateral(
        // The newest released version; before any is released, the newest of all.
        (eb) =>
          eb
            .selectFrom('document_version as v')
            .select(['v.version', 'v.file_name', 'v.suffix', 'v.size', 'v.release_status'])
            .whereRef('v.tenant_id', '=', 'd.tenant_id')
            .whereRef('v.document_id', '=', 'd.id')
            .orderBy(sql`(v.release_status = 'released')`, 'desc')
            .orderBy('v.uploaded_at', 'desc')
            .orderBy('v.id', 'desc')
            .limit(1)
            .as('v'),
        (j) => j.onTrue(),
      )
      .select([
        'd.id',
        'd.type_id',
        't.name as type_name',
        'd.name',
        'd.number',
        'd.encrypted',
        'd.valid_from',
        'd.valid_to',
        'd.device_id',
        'd.updated_at',
        'v.version',
        'v.file_name',
        'v.suffix',
        'v.size',
        'v.release_status',
      ])
      .where('d.tenant_id', '=', tenantId);
  }

  private toRow(r: Awaited<ReturnType<ReturnType<DocumentService['rows']>['executeTakeFirstOrThrow']>>): DocumentRow {
    return {
      id: r.id,
      typeId: r.type_id,
      typeName: r.type_name,
      name: r.name,
      number: r.number,
      version: r.version,
      releaseStatus: r.release_status,
      fileName: r.file_name,
      size: Number(r.size),
      encrypted: r.encrypted,
      validFrom: day(r.valid_from),
      validTo: day(r.valid_to),
      deviceId: r.device_id,
      preview: previewKind(r.suffix),
      updatedAt: iso(r.updated_at),
    };
  }

  async list(
    tenantId: string,
    q: { page: number; size: number; keyword?: string; typeId?: string },
  ): Promise<{ records: DocumentRow[]; total: number }> {
    let base = this.rows(tenantId);
    if (q.keyword) {
      const like = containsPattern(q.keyword);
      base = base.where((eb) => eb.or([eb('d.name', 'ilike', like), eb('d.number', 'ilike', like)]));
    }
    if (q.typeId) base = base.where('d.type_id', '=', q.typeId);
    const rows = await base
      .orderBy('d.updated_at', 'desc')
      .orderBy('d.id')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    const total = await base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { records: rows.map((r) => this.toRow(r)), total: Number(total.n) };
  }

  async detail(tenantId: string, id: string): Promise<DocumentDetail> {
    const r = await this.rows(tenantId).where('d.id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    const versions = await this.db
      .selectFrom('document_version as v')
      .leftJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'v.tenant_id').onRef('u.id', '=', 'v.uploaded_by'))
      .select([
        'v.id',
        'v.version',
        'v.file_name',
        'v.suffix',
        'v.size',
        'v.encrypted',
        'v.uploaded_at',
        'v.release_status',
        'u.account',
      ])
      .where('v.tenant_id', '=', tenantId)
      .where('v.document_id', '=', id)
      .orderBy('v.uploaded_at', 'desc')
      .orderBy('v.id', 'desc')
      .execute();
    return {
      ...this.toRow(r),
      versions: versions.map((v) => ({
        id: v.id,
        version: v.version,
        releaseStatus: v.release_status,
        fileName: v.file_name,
        suffix: v.suffix,
        size: Number(v.size),
        encrypted: v.encrypted,
        uploadedAt: iso(v.uploaded_at),
        uploadedBy: v.account ?? null,
      })),
    } as DocumentDetail;
  }

  /** Whether the document belongs to a device that asks for a document authority. */
  async needsAuthority(tenantId: string, id: string): Promise<boolean> {
    const r = await sql<{ needs: boolean }>`
      select coalesce(dev.document_authority, false) as needs from document d
      left join device dev on dev.tenant_id = d.tenant_id and dev.id = d.device_id
      where d.tenant_id = ${tenantId} and d.id = ${id}`.execute(this.db);
    if (r.rows.length === 0) throw notFound();
    return Boolean(r.rows[0]!.needs);
  }

  /** The file of a version (default: the newest), whole or a byte range of its plain content. */
  async content(
    tenantId: string,
    id: string,
    versionId: string | undefined,
    range: { start: number; end: number } | null,
  ) {
    let q = this.db
      .selectFrom('document_version')
      .select(['file_name', 'suffix', 'size', 'storage_key', 'encrypted'])
      .where('tenant_id', '=', tenantId)
      .where('document_id', '=', id);
    if (versionId) q = q.where('id', '=', versionId);
    const v = await q
      .orderBy(sql`(release_status = 'released')`, 'desc')
      .orderBy('uploaded_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!v) throw notFound();
    const size = Number(v.size);
    const start = range ? range.start : 0;
    const end = range ? Math.min(range.end, size - 1) : size - 1;
    let body: Readable;
    if (v.encrypted) {
      const file = this.storage.localPath(v.storage_key);
      if (!file) throw new Error('encrypted documents need a local store');
      body = NodeReadable.from([size === 0 ? Buffer.alloc(0) : await decryptRange(file, await this.key(), start, end)]);
    } else {
      body = this.storage.read(v.storage_key, size === 0 ? undefined : { start, end });
    }
    return { body, size, start, end, mime: mimeOf(v.suffix), fileName: v.file_name };
  }

  async remove(tenantId: string, ids: string[], audit: AuditActor): Promise<void> {
    const files = await this.db
      .selectFrom('document_version')
      .select('storage_key')
      .where('tenant_id', '=', tenantId)
      .where('document_id', 'in', ids)
      .execute();
    const deleted = await this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('document')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .returningAll()
        .execute();
      await recordRows(
        trx,
        audit,
        DOCUMENT_ENTITY,
        'delete',
        gone.map((d) => ({ id: d.id, code: d.number, before: d, after: null })),
      );
      return gone.length;
    });
    if (deleted === 0) throw notFound();
    for (const f of files) await this.storage.remove(f.storage_key);
  }
}

/** A version became the released one: `document.released` to the tenant's webhooks, in the same transaction. */
async function emitReleased(trx: Kysely<DB>, tenantId: string, versionId: string): Promise<void> {
  const v = await trx
    .selectFrom('document_version as v')
    .innerJoin('document as d', (j) => j.onRef('d.tenant_id', '=', 'v.tenant_id').onRef('d.id', '=', 'v.document_id'))
    .select(['d.id', 'd.number', 'd.name', 'd.type_id', 'v.version', 'v.file_name'])
    .where('v.tenant_id', '=', tenantId)
    .where('v.id', '=', versionId)
    .executeTakeFirst();
  if (!v) return;
  await emitEvent(trx, tenantId, 'document.released', {
    documentId: v.id,
    number: v.number,
    name: v.name,
    typeId: v.type_id,
    versionId,
    version: v.version,
    fileName: v.file_name,
  });
}

/** Document versions released through the workflow: the process's end releases or rejects the version. */
export function registerDocumentRelease(): void {
  registerBusiness('document-version', {
    modelKey: DOCUMENT_RELEASE_PROCESS,
    async describe(trx, tenantId, businessId, tr) {
      const v = await trx
        .selectFrom('document_version as v')
        .innerJoin('document as d', (j) =>
          j.onRef('d.tenant_id', '=', 'v.tenant_id').onRef('d.id', '=', 'v.document_id'),
        )
        .innerJoin('document_type as t', (j) =>
          j.onRef('t.tenant_id', '=', 'd.tenant_id').onRef('t.id', '=', 'd.type_id'),
        )
        .select(['d.number', 'd.name', 'v.version', 'v.file_name', 'v.size', 't.name as type_name'])
        .where('v.tenant_id', '=', tenantId)
        .where('v.id', '=', businessId)
        .executeTakeFirst();
      if (!v) return null;
      return [
        { label: tr.tm('document.number'), value: v.number },
        { label: tr.tm('document.name'), value: v.name },
        { label: tr.tm('document.typeId'), value: v.type_name },
        { label: tr.tm('document.version'), value: v.version },
        { label: tr.tm('document.file'), value: `${v.file_name} (${Number(v.size).toLocaleString('en')} B)` },
      ];
    },
    async onEnd(trx, end) {
      const status = end.result === 'approved' ? 'released' : 'rejected';
      const v = await trx
        .updateTable('document_version')
        .set({ release_status: status })
        .where('tenant_id', '=', end.tenantId)
        .where('id', '=', end.businessId)
        .returning(['document_id', 'version'])
        .executeTakeFirst();
      if (end.result === 'approved') await emitReleased(trx, end.tenantId, end.businessId);
      if (v) {
        const doc = await trx
          .selectFrom('document')
          .select('number')
          .where('tenant_id', '=', end.tenantId)
          .where('id', '=', v.document_id)
          .executeTakeFirst();
        await writeHistory(trx, await accountActor(trx, end.tenantId, end.handlerId), [
          {
            // The version the process decided is named with the document's number.
            action: 'state',
            entity: DOCUMENT_ENTITY,
            recordId: v.document_id,
            recordCode: doc ? `${doc.number} ${v.version}` : v.version,
            changes: [{ field: 'releaseStatus', before: 'pending', after: status }],
          },
        ]);
      }
    },
  });
}
