/** SPEC §7 staff endpoints of the current user: the staff record and its personal-centre fields. */
import { z } from 'zod';
import { Day, Uuid } from './contract/common';
import { PATTERNS } from './engine';
import { EXTENSION_PATTERN } from './resources/staff';

/** The current user's staff record in a factory. */
export const StaffDetail = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    englishName: z.string().nullable(),
    sex: z.string().nullable(),
    entryDate: Day.nullable(),
    departmentId: Uuid.nullable(),
    departmentName: z.string().nullable(),
    job: z.string().nullable(),
    extensionNumber: z.string().nullable(),
    onJob: z.string().nullable(),
    useState: z.string().nullable(),
    userId: Uuid.nullable(),
    factoryId: Uuid,
  })
  .meta({ id: 'StaffDetail' });
export type StaffDetail = z.infer<typeof StaffDetail>;

/** What the user may change about themselves in the personal centre: the form sends all of it. */
export const personalCenterInput = z
  .object({
    englishName: z.string().trim().max(64, { error: 'validation.tooLong' }).nullable(),
    sex: z.enum(['male', 'female'], { error: 'validation.option' }).nullable(),
    extensionNumber: z
      .string()
      .trim()
      .max(10, { error: 'validation.tooLong' })
      .regex(new RegExp(EXTENSION_PATTERN.source), { error: EXTENSION_PATTERN.key })
      .or(z.literal(''))
      .nullable(),
  })
  .strict();
export type PersonalCenterInput = z.infer<typeof personalCenterInput>;

/** An account made for a staff record (SPEC §6: general staff accounts are managed with the staff). */
export const staffAccountInput = z
  .object({
    account: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .max(64, { error: 'validation.tooLong' })
      .regex(new RegExp(PATTERNS.code.source), { error: PATTERNS.code.key }),
    /** The roles of the new account; left out: the tenant's general staff role (code `staff`) when it has one. */
    roles: z
      .array(z.uuid({ error: 'validation.option' }))
      .max(100)
      .optional(),
  })
  .strict();
export type StaffAccountInput = z.input<typeof staffAccountInput>;

export const StaffAccountResult = z
  .object({
    userId: Uuid,
    account: z.string(),
    temporaryPassword: z.string().meta({ description: 'Shown once: the staff member changes it at first login' }),
  })
  .meta({ id: 'StaffAccountResult' });
export type StaffAccountResult = z.infer<typeof StaffAccountResult>;
