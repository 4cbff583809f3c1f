/** Schemas many operations share: ids, pages, the envelope's error data. */
import { z } from 'zod';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A uuid in a path or body (any version; the database makes v4 and v7). */
export const Uuid = z.string().regex(UUID_PATTERN).meta({ format: 'uuid' });
export const IdParams = z.object({ id: Uuid });
/** An instant as the API writes it (ISO 8601, UTC). */
export const Instant = z.string().meta({ format: 'date-time' });
/** A day (`YYYY-MM-DD`). */
export const Day = z.string().meta({ format: 'date' });

/** Text a user must give: trimmed, not empty, at most `max` characters (the messages name the field). */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/** Operations that answer nothing in particular answer `data: null`. */
export const Nothing = z.null();

export const FieldErrorSchema = z
  .object({
    field: z.string().meta({ description: 'The field key, dotted for nested fields (`intervals.0.start`)' }),
    key: z.string().meta({ description: 'The message key (namespace `model`/`server`)' }),
    message: z.string().meta({ description: "The message in the caller's language, naming the field" }),
  })
  .meta({ id: 'FieldError' });

export const ValidationErrorDataSchema = z
  .object({ errors: z.array(FieldErrorSchema) })
  .meta({ id: 'ValidationErrorData' });

/** One page of rows. */
export const pageOf = <R extends z.ZodType>(row: R) =>
  z.object({ records: z.array(row), total: z.number().int(), page: z.number().int(), size: z.number().int() });

/** A page's number and size, as every list takes them; a smaller `maxSize` where rows are heavy. */
export const pageQuery = (maxSize = 500) =>
  z.object({
    page: z.coerce
      .number({ error: 'validation.number' })
      .int({ error: 'validation.integer' })
      .min(1)
      .max(100_000)
      .default(1),
    size: z.coerce
      .number({ error: 'validation.number' })
      .int({ error: 'validation.integer' })
      .min(1)
      .max(maxSize)
      .default(20),
  });
export const PageQuery = pageQuery();

/** `DELETE` bodies: the ids to delete, all or none. */
export const IdsBody = z.object({ ids: z.array(Uuid).min(1).max(500) });
