import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, InputNumber, Modal, Select, Typography } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import { API_KEY_LIMITS, apiKeyInput, type ApiKeyOptions, type CreatedApiKey } from '../../../model/api-keys';
import { useApi } from '../../kit/api';
import { zodRule } from '../../kit/zodRules';
import { act, useAct } from '../../kit/act';

interface Draft {
  name: string;
  permissions: string[];
  factoryIds: string[];
  allowedIps: string;
  expiresInDays: number;
  rateLimit: number;
}

/** Addresses as typed: one a line (commas and spaces also part them). */
const addresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A new API key (issue 26): its name, the permission codes and factories it may use (chosen from the
 * caller's own), client addresses, lifetime and rate; then its secret, shown this once.
 */
export function CreateApiKeyDialog({ onClose }: { onClose: (created: boolean) => void }) {
  const { t } = useTranslation(['platform', 'model']);
  const api = useApi();
  const [form] = Form.useForm<Draft>();
  const [options, setOptions] = useState<ApiKeyOptions>({ permissions: [], factories: [] });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { busy, run } = useAct();

  useEffect(() => act(async () => setOptions(await api.call(contract.apiKeys.options))), [api]);

  const submit = () =>
    run(async () => {
      if (created) return onClose(true);
      const v = await form.validate();
      setCreated(
        await api.call(contract.apiKeys.create, {
          body: {
            name: v.name,
            permissions: v.permissions,
            factoryIds: v.factoryIds ?? [],
            allowedIps: addresses(v.allowedIps ?? ''),
            expiresInDays: v.expiresInDays,
            rateLimit: v.rateLimit,
          },
        }),
      );
    });

  const required = (label: string) => ({ required: true, message: t('model:validation.required', { field: label }) });
  /** Required, and what the server would refuse is refused here with its message; nothing typed is changed. */
  const checked = (key: 'name' | 'expiresInDays' | 'rateLimit', label: string) => [
    required(label),
    zodRule(apiKeyInput.shape[key], label, t),
  ];
  const count = (testId: string) => <InputNumber style={{ width: 160 }} data-testid={testId} />;

  return (
    <Modal
      visible
      style={{ width: 700 }}
      title={created ? t('apiKeys.secretTitle') : t('apiKeys.create')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={() => onClose(created !== null)}
      okText={created ? t('apiKeys.done') : undefined}
      hideCancel={created !== null}
      okButtonProps={{ 'data-testid': created ? 'api-key-done' : 'api-key-save' } as object}
    >
      {created ? (
        <Alert
          type="warning"
          content={
            <div>
              <p style={{ marginTop: 0 }}>{t('apiKeys.secretHelp')}</p>
              <Typography.Text copyable code data-testid="api-key-secret">
                {created.secret}
              </Typography.Text>
            </div>
          }
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            permissions: [],
            factoryIds: [],
            allowedIps: '',
            expiresInDays: 365,
            rateLimit: API_KEY_LIMITS.defaultRateLimit,
          }}
        >
          <p style={{ marginTop: 0 }}>{t('apiKeys.intro')}</p>
          <Form.Item field="name" label={t('apiKeys.name')} rules={checked('name', t('apiKeys.name'))}>
            <Input maxLength={{ length: 64, errorOnly: true }} data-testid="api-key-name" />
          </Form.Item>
          <Form.Item field="permissions" label={t('apiKeys.permissions')} rules={[required(t('apiKeys.permissions'))]}>
            <Select
              mode="multiple"
              allowClear
              showSearch
              data-testid="api-key-permissions"
              maxTagCount={8}
              filterOption={(input, option) =>
                String((option.props as { children?: unknown }).children ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            >
              {options.permissions.map((p) => (
                <Select.Option key={p.code} value={p.code}>{`${p.name} (${p.code})`}</Select.Option>
              ))}
            </Select>
          </Form.Item>
          <Form.Item field="factoryIds" label={t('apiKeys.factories')} extra={t('apiKeys.factoriesHelp')}>
            <Select mode="multiple" allowClear data-testid="api-key-factories">
              {options.factories.map((f) => (
                <Select.Option key={f.id} value={f.id}>{`${f.name} (${f.code})`}</Select.Option>
              ))}
            </Select>
          </Form.Item>
          <Form.Item field="allowedIps" label={t('apiKeys.allowedIps')} extra={t('apiKeys.allowedIpsHelp')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="api-key-addresses" />
          </Form.Item>
          <Form.Item
            field="expiresInDays"
            label={t('apiKeys.expiresInDays')}
            rules={checked('expiresInDays', t('apiKeys.expiresInDays'))}
          >
            {count('api-key-days')}
          </Form.Item>
          <Form.Item
            field="rateLimit"
            label={t('apiKeys.rateLimit')}
            rules={checked('rateLimit', t('apiKeys.rateLimit'))}
          >
            {count('api-key-rate')}
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
