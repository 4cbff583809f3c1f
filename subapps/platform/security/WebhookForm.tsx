import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Form, Input, Modal, Select, Switch } from '@arco-design/web-react';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookInput } from '../../../model/webhook';
import { RESOURCES } from '../../../model/resources';
import { lengthRule } from '../../kit/zodRules';
import { act } from '../../kit/act';

/** i18next separates keys at dots: `alarm.raised` → `alarm_raised`. */
export const eventKey = (e: string) => `webhooks.eventNames.${e.replace(/\./g, '_')}`;

interface Props {
  open: boolean;
  editing: WebhookEndpoint | null;
  onSave: (body: WebhookInput) => Promise<void>;
  onClose: () => void;
}

/** The dialog adding or editing an endpoint: name, address, events, enabled. */
export function WebhookForm({ open, editing, onSave, onClose }: Props) {
  const { t } = useTranslation(['platform', 'common']);
  const [form] = Form.useForm<WebhookInput>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            url: editing.url,
            events: editing.events,
            resources: editing.resources,
            enabled: editing.enabled,
          }
        : { name: '', url: 'https://', events: [], resources: [], enabled: true },
    );
  }, [open, editing, form]);

  const save = () => act(async () => onSave(await form.validate()));

  return (
    <Modal
      title={editing ? t('webhooks.editTitle') : t('webhooks.addTitle')}
      visible={open}
      style={{ width: 700 }}
      onOk={save}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'webhook-save' } as object}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          field="name"
          label={t('webhooks.name')}
          rules={[{ required: true, message: t('webhooks.required') }, lengthRule(t, t('webhooks.name'), 64)]}
        >
          <Input maxLength={{ length: 64, errorOnly: true }} data-testid="webhook-name" />
        </Form.Item>
        <Form.Item
          field="url"
          label={t('webhooks.url')}
          extra={t('webhooks.urlHint')}
          rules={[
            { required: true, message: t('webhooks.required') },
            { match: /^https?:\/\/\S+$/i, message: t('webhooks.urlFormat') },
            lengthRule(t, t('webhooks.url'), 2000),
          ]}
        >
          <Input maxLength={{ length: 2000, errorOnly: true }} data-testid="webhook-url" />
        </Form.Item>
        <Form.Item
          field="events"
          label={t('webhooks.events')}
          rules={[{ required: true, type: 'array', minLength: 1, message: t('webhooks.required') }]}
        >
          <Checkbox.Group
            direction="vertical"
            data-testid="webhook-events"
            options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: `${t(eventKey(e))} (${e})` }))}
          />
        </Form.Item>
        <Form.Item field="resources" label={t('webhooks.resources')} extra={t('webhooks.resourcesHint')}>
          <Select
            mode="multiple"
            allowClear
            showSearch
            data-testid="webhook-resources"
            options={RESOURCES.map((d) => ({
              value: d.name,
              label: t(`model:${d.titleKey}`, { defaultValue: d.name }),
            }))}
          />
        </Form.Item>
        <Form.Item field="enabled" label={t('webhooks.enabled')} triggerPropName="checked">
          <Switch data-testid="webhook-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
