/** The HTTP contract of documents (`/api/basic-system/document…`). */
import { z } from 'zod';
import { Day, Instant, Uuid, requiredText } from './contract/common';

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

export const PreviewKind = z.enum(['pdf', 'video', 'image']).meta({ id: 'DocumentPreviewKind' });
export type PreviewKind = z.infer<typeof PreviewKind>;

export const ReleaseStatus = z.enum(['pending', 'released', 'rejected']).meta({ id: 'DocumentReleaseStatus' });
export type ReleaseStatus = z.infer<typeof ReleaseStatus>;

export const DocumentVersionRow = z
  .object({
    id: Uuid,
    version: z.string(),
    releaseStatus: ReleaseStatus.meta({
      description: 'Released versions are shown by default; one waiting for its release process is pending',
    }),
    fileName: z.string(),
    suffix: z.string(),
    size: z.number().int(),
    encrypted: z.boolean(),
    uploadedAt: Instant,
    uploadedBy: z.string().nullable(),
  })
  .meta({ id: 'DocumentVersion' });
export type DocumentVersionRow = z.infer<typeof DocumentVersionRow>;

export const DocumentRow = z
  .object({
    id: Uuid,
    typeId: Uuid,
    typeName: z.string(),
    name: z.string(),
    number: z.string(),
    version: z.string().meta({
      description: 'The newest released version (the newest of all when none is released yet), shown by default',
    }),
    releaseStatus: ReleaseStatus,
    fileName: z.string(),
    size: z.number().int(),
    encrypted: z.boolean(),
    validFrom: Day.nullable(),
    validTo: Day.nullable(),
    deviceId: Uuid.nullable(),
    preview: PreviewKind.nullable(),
    updatedAt: Instant,
  })
  .meta({ id: 'Document' });
export type DocumentRow = z.infer<typeof DocumentRow>;

export const DocumentDetail = DocumentRow.extend({
  versions: z.array(DocumentVersionRow),
}).meta({ id: 'DocumentDetail' });
export type DocumentDetail = z.infer<typeof DocumentDetail>;

/** A short-lived address of a version's file for a viewer in a sub-app frame. */
export const PreviewTicket = z
  .object({
    url: z.string().meta({
      description:
        "Absolute on the configured public origin (a path on the shell's origin when none is configured); no token needed to fetch it until it expires or its session ends",
    }),
    expiresAt: Instant,
  })
  .meta({ id: 'DocumentPreviewTicket' });
export type PreviewTicket = z.infer<typeof PreviewTicket>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' });
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), date.optional());
const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean());

/** The fields sent beside the file (multipart). The number may be left empty when the type numbers its documents. */
export const documentFields = z
  .object({
    typeId: z.string({ error: 'validation.typeFirst' }).uuid({ error: 'validation.typeFirst' }),
    name: requiredText(200),
    number: z.string().trim().max(64, { error: 'validation.tooLong' }).optional().default(''),
    version: requiredText(32),
    encrypted: flag.optional().default(false),
    validFrom: optionalDate,
    validTo: optionalDate,
    deviceId: z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid({ error: 'validation.ref' }).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom && v.validTo && v.validTo < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'validation.dateOrder' });
  });

export const DOCUMENT_FIELD_LABELS: Record<string, string> = {
  typeId: 'document.typeId',
  name: 'document.name',
  number: 'document.number',
  version: 'document.version',
  encrypted: 'document.encrypted',
  validFrom: 'document.validFrom',
  validTo: 'document.validTo',
  deviceId: 'document.deviceId',
  file: 'document.file',
};
