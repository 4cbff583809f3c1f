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

interface Picture {
  type: string;
  bytes: Buffer;
}

/** The pictures of the feedback rows given, oldest first, as ids by feedback. */
export async function picturesOf(db: Kysely<DB>, tenantId: string, feedbackIds: string[]) {
  if (feedbackIds.length === 0) return [];
  return db
    .selectFrom('feedback_picture')
    .select(['id', 'feedback_id'])
    .where('tenant_id', '=', tenantId)
    .where('feedback_id', 'in', feedbackIds)
    .orderBy('created_at')
    .execute();
}

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
        const row = await trx
          .insertInto('feedback')
          .values({
            tenant_id: ctx.tenantId,
            user_id: ctx.user.id,
            factory_id: ctx.factoryId,
            description: parsed.data.description,
            contact: parsed.data.contact ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        for (const p of pictures) {
          await trx
            .insertInto('feedback_picture')
            .values({
              tenant_id: ctx.tenantId,
              feedback_id: row.id,
              content_type: p.type,
              size: p.bytes.length,
              content: p.bytes,
            })
            .execute();
        }
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
    const base = db.selectFrom('feedback').where('tenant_id', '=', ctx.tenantId).where('user_id', '=', ctx.user.id);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'description', 'contact', 'status', 'handle_opinion', 'created_at'])
        .orderBy('created_at', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const pictures = await picturesOf(
      db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    const records: FeedbackRecord[] = rows.map((r) => ({
      id: r.id,
      description: r.description,
      contact: r.contact,
      status: r.status,
      handleOpinion: r.handle_opinion,
      createdAt: new Date(r.created_at).toISOString(),
      pictureIds: pictures.filter((p) => p.feedback_id === r.id).map((p) => p.id),
    }));
    return { records, total: Number(total.n), page: query.page, size: query.size };
  });

  serve(app, feedback.picture, async ({ ctx, params, reply }) => {
    const row = await db
      .selectFrom('feedback_picture as p')
      .innerJoin('feedback as f', (j) => j.onRef('f.tenant_id', '=', 'p.tenant_id').onRef('f.id', '=', 'p.feedback_id'))
      .select(['p.content', 'p.content_type', 'f.user_id'])
      .where('p.tenant_id', '=', ctx.tenantId)
      .where('p.id', '=', params.id)
      .executeTakeFirst();
    if (!row || (row.user_id !== ctx.user.id && ctx.user.type !== 'admin')) throw notFound();
    return reply
      .header('content-type', row.content_type)
      .header('content-disposition', `inline; filename="${params.id}"`)
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, max-age=3600')
      .send(Buffer.from(row.content));
  });
}
