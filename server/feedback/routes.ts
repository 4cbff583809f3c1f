/** Feedback from the shell (SPEC §5, §7): a description, a contact and pictures checked by content. */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import {
  ACCOUNT_FIELD_LABELS,
  FEEDBACK_MAX_PICTURES,
  PICTURE_MAX_BYTES,
  feedbackFields,
  type FeedbackRecord,
} from '../../model/account';
import { feedback } from '../../model/contract/feedback';
import type { DB } from '../db/types';
import { startProcess } from '../workflow/instances';
import { FEEDBACK_PROCESS_KEY } from '../workflow/feedback-process';
import { ApiError, notFound, validationError } from '../http';
import { serve } from '../serve';
import { sniffPicture } from '../files/sniff';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';
import { insertFeedback, ownFeedbackPage, pictureOf, picturesOf, type Picture } from './store';

export async function feedbackRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): Promise<void> {
  const { db } = opts;
  // Encapsulated so its multipart parser serves only these routes.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PICTURE_MAX_BYTES, files: FEEDBACK_MAX_PICTURES, fields: 10, fieldSize: 8 * 1024, parts: 20 },
    });

    serve(scope, feedback.save, async ({ request, ctx, tr }) => {
      if (!request.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
      const fields: Record<string, string> = Object.create(null) as Record<string, string>;
      const pictures: Picture[] = [];
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'description' || part.fieldname === 'contact')
            fields[part.fieldname] = String(part.value);
          continue;
        }
        const bytes = await part.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'feedback.pictureTooLarge');
          throw e;
        });
        if (part.file.truncated) throw new ApiError(413, 'feedback.pictureTooLarge');
        const type = sniffPicture(bytes);
        if (!type) throw new ApiError(415, 'feedback.pictureType');
        pictures.push({ type, bytes });
      }
      const parsed = feedbackFields.safeParse(
        { description: fields.description, contact: fields.contact },
        { reportInput: true },
      );
      if (!parsed.success) throw validationError(parsed.error.issues, tr, ACCOUNT_FIELD_LABELS);
      const id = await db.transaction().execute(async (trx) => {
        const row = await insertFeedback(
          trx,
          {
            tenantId: ctx.tenantId,
            userId: ctx.user.id,
            factoryId: ctx.factoryId,
            description: parsed.data.description,
            contact: parsed.data.contact ?? null,
          },
          pictures,
        );
        // Before the process starts: a process that ends at once handles the feedback, after its creation.
        await recordRows(trx, actorOf(ctx), 'feedback', 'create', [
          {
            id: row.id,
            code: row.description.slice(0, 80),
            before: null,
            after: { ...row, pictures: pictures.length },
          },
        ]);
        // With a published feedback process, the feedback is handled through it.
        await startProcess(
          trx,
          { tenantId: ctx.tenantId, userId: ctx.user.id, factoryId: ctx.factoryId, audit: actorOf(ctx) },
          {
            modelKey: FEEDBACK_PROCESS_KEY,
            businessType: 'feedback',
            businessId: row.id,
            title: parsed.data.description.slice(0, 80),
            variables: { pictures: pictures.length, hasContact: Boolean(parsed.data.contact) },
          },
        );
        return row.id;
      });
      return { id };
    });
  });
}

export function feedbackReadRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  serve(app, feedback.mine, async ({ ctx, query }) => {
    const page = await ownFeedbackPage(db, ctx.tenantId, ctx.user.id, query);
    const pictures = await picturesOf(
      db,
      ctx.tenantId,
      page.records.map((r) => r.id),
    );
    const records: FeedbackRecord[] = page.records.map((r) => ({
      id: r.id,
      description: r.description,
      contact: r.contact,
      status: r.status,
      handleOpinion: r.handle_opinion,
      createdAt: new Date(r.created_at).toISOString(),
      pictureIds: pictures.filter((p) => p.feedback_id === r.id).map((p) => p.id),
    }));
    return { ...page, records };
  });

  serve(app, feedback.picture, async ({ ctx, params, reply }) => {
    const row = await pictureOf(db, ctx.tenantId, params.id);
    if (!row || (row.user_id !== ctx.user.id && ctx.user.type !== 'admin')) throw notFound();
    return reply
      .header('content-type', row.content_type)
      .header('content-disposition', `inline; filename="${params.id}"`)
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, max-age=3600')
      .send(Buffer.from(row.content));
  });
}
