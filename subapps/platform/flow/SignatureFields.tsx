/**
 * The signer's answers for a task that requires an electronic signature (issue 25): the password
 * again, the authenticator code when the signer's two-factor login is on, and the meaning.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, Select, type FormInstance } from '@arco-design/web-react';
import { ApiError } from '../../../bridge/child';
import { contract } from '../../../model/contract';
import type { SigningInput } from '../../../model/workflow/input';
import { useApi } from '../../kit/api';
import { fieldErrors, type FieldError } from '../../../model/api';

export type SignatureValues = Required<Pick<SigningInput, 'password' | 'meaning'>> & Pick<SigningInput, 'code'>;

/** Whether the signed-in user must give an authenticator code when signing. */
export function useSignerNeedsCode(active: boolean): boolean {
  const api = useApi();
  const [needs, setNeeds] = useState(false);
  useEffect(() => {
    if (!active) return;
    let live = true;
    void api
      .call(contract.security.twoFactor, { showError: false })
      .then((s) => {
        if (live) setNeeds(s.enabled);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, active]);
  return needs;
}

/** Puts a refused signature's field errors (password, code, meaning) on the form; answers whether there were any. */
export function showSignatureErrors(form: FormInstance<SignatureValues>, e: unknown): boolean {
  if (!(e instanceof ApiError) || e.code !== 400) return false;
  const errors = ((e.data as { errors?: FieldError[] } | null)?.errors ?? []).filter((x) =>
    ['password', 'code', 'meaning'].includes(x.field),
  );
  form.setFields(fieldErrors(errors));
  return errors.length > 0;
}

export function SignatureFields({
  form,
  meanings,
  needsCode,
  notice,
}: {
  form: FormInstance<SignatureValues>;
  meanings: readonly string[];
  needsCode: boolean;
  notice: string;
}) {
  const { t } = useTranslation(['platform', 'model']);
  const required = (field: string) => [
    { required: true, message: t('model:validation.required', { field: t(`model:wfTask.${field}`) }) },
  ];
  return (
    <div data-testid="signature-fields" style={{ marginTop: 12 }}>
      <Alert type="info" content={notice} style={{ marginBottom: 12 }} />
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={meanings.length === 1 ? { meaning: meanings[0] } : {}}
      >
        <Form.Item field="meaning" label={t('model:wfTask.meaning')} rules={required('meaning')}>
          <Select
            data-testid="signature-meaning"
            options={meanings.map((m) => ({ value: m, label: t(`common:signature.meaning.${m}`) }))}
          />
        </Form.Item>
        <Form.Item
          field="password"
          label={t('model:wfTask.password')}
          extra={t('flow.signerPassword')}
          rules={required('password')}
        >
          <Input.Password data-testid="signature-password" autoComplete="current-password" />
        </Form.Item>
        {needsCode && (
          <Form.Item field="code" label={t('model:wfTask.code')} extra={t('flow.signerCode')} rules={required('code')}>
            <Input data-testid="signature-code" autoComplete="one-time-code" inputMode="numeric" maxLength={32} />
          </Form.Item>
        )}
      </Form>
    </div>
  );
}
