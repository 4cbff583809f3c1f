/** Help courses (SPEC §7 `course/list`): links or attached documents, listed for every user, edited by administrators. */
import { z } from 'zod';
import { Uuid, requiredText } from './contract/common';

export const CourseItem = z
  .object({
    id: Uuid,
    title: z.string(),
    description: z.string().nullable(),
    url: z.string(),
    sort: z.number().int(),
  })
  .meta({ id: 'CourseItem' });
export type CourseItem = z.infer<typeof CourseItem>;

export const courseInput = z
  .object({
    title: requiredText(200),
    description: z.string().trim().max(1000, { error: 'validation.tooLong' }).nullable().optional(),
    // Only web links or a path on this portal (an attached document): never javascript: or data:.
    url: z
      .string({ error: 'validation.required' })
      .trim()
      .max(1000, { error: 'validation.tooLong' })
      .regex(/^(https?:\/\/|\/(?!\/))/i, { error: 'validation.format' }),
    sort: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .meta({ id: 'CourseInput' });
export type CourseInput = z.input<typeof courseInput>;
