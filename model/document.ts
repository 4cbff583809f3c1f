/** The HTTP contract of documents (`/api/basic-system/document…`). */
import { z } from 'zod';

export const DOCUMENT_PERMISSIONS = {
  view: 'basic:document:view',
  add: 'basic:document:add',
  edit: 'basic:document:edit',
  delete: 'basic:document:delete',
  preview: 'basic:document:preview',
  /** Browsing documents of devices that ask for a document authority (SPEC §6). */
  deviceAuthority: 'basic:document:browse-authority',
} as const;

export const DOCUMENT_MAX_BYTES = 500 * 1024 * 1024;

export type PreviewKind = 'pdf' | 'video' | 'image';

export type ReleaseStatus = 'pending' | 'released' | 'rejected';

export interface DocumentVersionRow {
  id: string;
  version: string;
  /** Released versions are shown by default; one waiting for its release process is pending. */
  releaseStatus: ReleaseStatus;
  fileName: string;
  suffix: string;
  size: number;
  encrypted: boolean;
  uploadedAt: string;
  uploadedBy: string | null;
}

export interface DocumentRow {
  id: string;
  typeId: string;
  typeName: string;
  name: string;
  number: string;
  /** The newest released version (the newest of all when none is released yet), shown by default. */
  version: string;
  releaseStatus: ReleaseStatus;
  fileName: string;
  size: number;
  encrypted: boolean;
  validFrom: string | null;
  validTo: string | null;
  deviceId: string | null;
  preview: PreviewKind | null;
  updatedAt: string;
}

export interface DocumentDetail extends DocumentRow {
  versions: DocumentVersionRow[];
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' });
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), date.optional());
const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean());

/** The fields sent beside the file (multipart). The number may be left empty when the type numbers its documents. */
export const documentFields = z.object({
  typeId: z.string({ error: 'validation.typeFirst' }).uuid({ error: 'validation.typeFirst' }),
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
  number: z.string().trim().max(64, { error: 'validation.tooLong' }).optional().default(''),
  version: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(32, { error: 'validation.tooLong' }),
  encrypted: flag.optional().default(false),
  validFrom: optionalDate,
  validTo: optionalDate,
  deviceId: z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid({ error: 'validation.ref' }).optional()),
}).superRefine((v, ctx) => {
  if (v.validFrom && v.validTo && v.validTo < v.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'validation.dateOrder' });
});

export const DOCUMENT_FIELD_LABELS: Record<string, string> = {
  typeId: 'document.typeId', name: 'document.name', number: 'document.number', version: 'document.version',
  encrypted: 'document.encrypted', validFrom: 'document.validFrom', validTo: 'document.validTo', deviceId: 'document.deviceId', file: 'document.file',
};
