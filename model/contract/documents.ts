/** Documents (`/basic-system/document…`): upload checked against the type, versions, previews by byte range and tickets. */
import { z } from 'zod';
import {
  DOCUMENT_FIELD_LABELS as labels,
  DOCUMENT_PERMISSIONS as P,
  DocumentDetail,
  DocumentRow,
  PreviewTicket,
  documentFields,
} from '../document';
import { IdParams, IdsBody, Nothing, Uuid, pageOf, PageQuery } from './common';
import { endpoint, file, json, type Media } from './endpoint';

const tag = 'document';
const BASE = '/basic-system/document';

/** What a stored file is sent as (by its suffix; anything else as octet-stream). */
const DOCUMENT_MEDIA: Media[] = [
  'pdf',
  'png',
  'jpeg',
  'gif',
  'bmp',
  'webp',
  'mp4',
  'mov',
  'webm',
  'mkv',
  'docx',
  'xlsx',
  'pptx',
  'text',
  'csv',
  'octet',
];
const RANGES = 'Honours `Range: bytes=…` (206 with Content-Range; 416 when the range lies outside the file).';

export const documents = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    operationId: 'listDocuments',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'Page of documents (newest version of each), by name or number',
    query: z.object({
      ...PageQuery.shape,
      keyword: z.string().trim().max(64).optional(),
      typeId: Uuid.optional(),
    }),
    answer: json(pageOf(DocumentRow)),
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'getDocument',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'A document with all its versions, newest first',
    params: IdParams,
    answer: json(DocumentDetail),
  }),
  content: endpoint({
    method: 'GET',
    path: `${BASE}/:id/content`,
    operationId: 'getDocumentContent',
    tag,
    auth: 'bearer',
    permission: P.preview,
    summary: 'The file of a version (default: the newest); honours Range for previews and video seeking',
    description: `${RANGES} \`download=1\` asks for an attachment. A device's document needs the browse authority too (403).`,
    params: IdParams,
    query: z.object({ versionId: Uuid.optional(), download: z.enum(['1']).optional() }),
    answer: file(...DOCUMENT_MEDIA),
  }),
  ticket: endpoint({
    method: 'POST',
    path: `${BASE}/:id/ticket`,
    operationId: 'createDocumentTicket',
    tag,
    auth: 'bearer',
    permission: P.preview,
    summary: 'A short-lived address of the file for a viewer inside a sub-app (no token needed to fetch it)',
    params: IdParams,
    body: z.object({ versionId: Uuid.optional() }),
    answer: json(PreviewTicket),
  }),
  file: endpoint({
    method: 'GET',
    path: `${BASE}/file`,
    operationId: 'getDocumentByTicket',
    tag,
    auth: 'none',
    permission: null,
    summary: 'The file a preview ticket names (Range honoured); 404 once the ticket expired',
    description: `${RANGES} Viewers on registered app origins may fetch it cross-origin.`,
    query: z.object({ ticket: z.string().min(10).max(1000) }),
    answer: file(...DOCUMENT_MEDIA),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: BASE,
    operationId: 'deleteDocuments',
    tag,
    auth: 'bearer',
    permission: P.delete,
    summary: 'Deletes documents with all their versions and files',
    body: IdsBody,
    answer: json(Nothing),
  }),
  upload: endpoint({
    method: 'POST',
    path: BASE,
    operationId: 'uploadDocument',
    tag,
    auth: 'bearer',
    permission: P.add,
    summary: 'Uploads a document or a new version of one',
    description:
      'Multipart, the type first (it says which files are allowed), then name, number, version, encrypted, validity, and the file last. ' +
      'A suffix the type does not allow, or content that is not what its suffix says, answers 415; a taken version 409; no number: the type’s encoding rule issues one.',
    multipart: { files: { file: { required: true } }, fields: documentFields },
    labels,
    answer: json(DocumentDetail),
    errors: [409, 413, 415],
  }),
};
