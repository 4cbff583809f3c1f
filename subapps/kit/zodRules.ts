import type { ZodType } from 'zod';
import type { TFunction } from 'i18next';

/** An Arco form rule that checks a field with the model's zod schema, so the form and the server agree. */
export function zodRule(schema: ZodType, fieldLabel: string, t: TFunction) {
  return {
    validator(value: unknown, callback: (error?: string) => void) {
      const result = schema.safeParse(value ?? undefined);
      if (result.success) return callback();
      const key = result.error.issues[0]?.message ?? 'validation.invalid';
      callback(t(`model:${key}`, { field: fieldLabel }));
    },
  };
}

/** An Arco form rule refusing a value longer than `max`, naming the field (the input itself marks it, never cuts it). */
export function lengthRule(t: TFunction, fieldLabel: string, max: number) {
  return { maxLength: max, message: t('model:validation.tooLong', { field: fieldLabel }) };
}
