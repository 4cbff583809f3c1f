import { z } from 'zod';
import { Instant, Uuid, requiredText } from './contract/common';

/** Permission codes of the dictionary screen; they match the menu's button permissions. */
export const DICT_PERMISSIONS = {
  view: 'platform:dict:view',
  add: 'platform:dict:add',
  edit: 'platform:dict:edit',
  delete: 'platform:dict:delete',
} as const;

/** Dictionary list entry (SPEC §3): name and type; the type is its code, unique within a tenant. */
export const dictInput = z.object({
  name: requiredText(64),
  type: requiredText(64).regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, { error: 'validation.codeFormat' }),
  remark: z.string().trim().max(255, { error: 'validation.tooLong' }).optional().default(''),
});
export type DictInput = z.input<typeof dictInput>;

/** Dictionary detail (SPEC §3): label and value, unique value within its dictionary. */
export const dictItemInput = z.object({
  label: requiredText(64),
  value: requiredText(64),
  sort: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.tooSmall' })
    .max(99999, { error: 'validation.tooLarge' })
    .optional()
    .default(0),
});
export type DictItemInput = z.input<typeof dictItemInput>;

/** A dictionary as listed: its item count beside it. */
export const Dict = z
  .object({
    id: Uuid,
    name: z.string(),
    type: z.string(),
    remark: z.string(),
    itemCount: z.number().int(),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'Dict' });
export type Dict = z.infer<typeof Dict>;

export const DictItem = z
  .object({
    id: Uuid,
    dictId: Uuid,
    label: z.string(),
    value: z.string(),
    sort: z.number().int(),
  })
  .meta({ id: 'DictItem' });
export type DictItem = z.infer<typeof DictItem>;

/** Label keys (namespace `model`) of the fields above, used to name a field in messages. */
export const DICT_FIELD_LABELS: Record<string, string> = {
  name: 'dict.name',
  type: 'dict.type',
  remark: 'dict.remark',
  label: 'dictItem.label',
  value: 'dictItem.value',
  sort: 'dictItem.sort',
};
