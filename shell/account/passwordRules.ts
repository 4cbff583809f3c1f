import type { TFunction } from 'i18next';
import type { RulesProps } from '@arco-design/web-react';
import { PASSWORD_PATTERN } from '../../model/patterns';

/**
 * The browser's checks of a new password and its confirmation (SPEC §5), for every form that sets
 * one; the server checks the tenant's policy on top. `t` speaks the `model` namespace.
 */
export function newPasswordRules(
  t: TFunction,
  form: { getFieldValue(field: 'newPassword'): unknown },
): { newPassword: RulesProps[]; confirm: RulesProps[] } {
  const label = (key: string) => t(`model:account.${key}`);
  return {
    newPassword: [
      { required: true, message: t('model:validation.required', { field: label('newPassword') }) },
      { match: PASSWORD_PATTERN, message: t('model:validation.password', { field: label('newPassword') }) },
    ],
    confirm: [
      { required: true, message: t('model:validation.required', { field: label('confirmPassword') }) },
      {
        validator: (v: string | undefined, cb) =>
          cb(
            v !== form.getFieldValue('newPassword')
              ? t('model:validation.passwordMismatch', { field: label('confirmPassword') })
              : undefined,
          ),
      },
    ],
  };
}
