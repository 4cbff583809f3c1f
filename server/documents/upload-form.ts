/** The multipart form of an upload: its fields, checked, and its one file, which must come after the type. */
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_FIELD_LABELS as labels, documentFields } from '../../model/document';
import { ApiError, validationError } from '../http';
import type { Translator } from '../i18n';
import type { UploadInput } from './service';

export async function readUploadForm(request: FastifyRequest, tr: Translator): Promise<UploadInput> {
  if (!request.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        await part.toBuffer();
        continue;
      }
      // The type comes first: without it the file cannot be checked (SPEC §5).
      if (!fields.typeId)
        throw validationError(
          [{ code: 'custom', path: ['typeId'], message: 'validation.typeFirst', input: undefined }],
          tr,
          labels,
        );
      const bytes = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'document.tooLarge');
        throw e;
      });
      file = { name: part.filename ?? '', bytes };
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  const parsed = documentFields.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error.issues, tr, labels);
  if (!file || file.bytes.length === 0)
    throw validationError(
      [{ code: 'custom', path: ['file'], message: 'validation.required', input: undefined }],
      tr,
      labels,
    );
  return { ...parsed.data, fileName: file.name, bytes: file.bytes };
}
