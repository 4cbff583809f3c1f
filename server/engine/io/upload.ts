/** The one uploaded file of an import (multipart field `file`), refused whole when over the size limit. */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http';

export async function readUploadedFile(request: FastifyRequest): Promise<{ file: Buffer; fileName: string | null }> {
  if (!request.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw new ApiError(400, 'resource.import.noFile');
  const file = await part.toBuffer().catch((e: { code?: string }) => {
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'resource.import.tooLarge');
    throw e;
  });
  if (part.file.truncated) throw new ApiError(413, 'resource.import.tooLarge');
  return { file, fileName: part.filename || null };
}
