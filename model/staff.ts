/** SPEC §7 staff endpoints of the current user: the staff record and its personal-centre fields. */
import { z } from 'zod';
import { EXTENSION_PATTERN } from './resources/staff';

export interface StaffDetail {
  id: string;
  code: string;
  name: string;
  englishName: string | null;
  sex: string | null;
  entryDate: string | null;
  departmentId: string | null;
  departmentName: string | null;
  job: string | null;
  extensionNumber: string | null;
  onJob: string | null;
  useState: string | null;
  userId: string | null;
  factoryId: string;
}

/** What the user may change about themselves in the personal centre: the form sends all of it. */
export const personalCenterInput = z.object({
  englishName: z.string().trim().max(64, { error: 'validation.tooLong' }).nullable(),
  sex: z.enum(['male', 'female'], { error: 'validation.option' }).nullable(),
  extensionNumber: z.string().trim().max(10, { error: 'validation.tooLong' })
    .regex(new RegExp(EXTENSION_PATTERN.source), { error: EXTENSION_PATTERN.key }).or(z.literal('')).nullable(),
}).strict();
export type PersonalCenterInput = z.infer<typeof personalCenterInput>;
