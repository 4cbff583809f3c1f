/** A workbook as the answer of a download route. */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { XLSX_TYPE, attachment } from './export';

/** Sends `body` as the workbook file `name`, with `fallback` for clients that take an ASCII name only. */
export function sendWorkbook(
  reply: FastifyReply,
  file: { name: string; fallback: string },
  body: Buffer | Readable,
): FastifyReply {
  return reply
    .code(200)
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(file.name, file.fallback))
    .send(body);
}
