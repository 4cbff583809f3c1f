import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, DatePicker, Form, Input, Modal, Select } from '@arco-design/web-react';
import { contract, endpointsOf } from '../../../model/contract';
import type { DocumentRow } from '../../../model/document';
import type { ResourceRow } from '../../../model/engine';
import { documentType } from '../../../model/resources/document-type';
import { useApi } from '../../kit/api';

/** What the dialog reads of a document type (a row of the engine's `document-type`). */
const typeOf = (r: ResourceRow) => ({
  id: r.id,
  name: String(r.name ?? ''),
  suffixes: String(r.suffixes ?? ''),
  encodingRuleId: typeof r.encodingRuleId === 'string' ? r.encodingRuleId : null,
});
type TypeRow = ReturnType<typeof typeOf>;

/** Upload of a document or a new version: the type first (it says which files are allowed), then the file. */
export function UploadDialog({
  visible,
  version,
  onClose,
}: {
  visible: boolean;
  version: DocumentRow | null;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation(['basic', 'model', 'common']);
  const api = useApi();
  const [form] = Form.useForm();
  const [types, setTypes] = useState<TypeRow[]>([]);
  const [typeId, setTypeId] = useState<string | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const type = types.find((x) => x.id === typeId);
  const accept = type
    ? type.suffixes
        .split(',')
        .map((s) => `.${s.trim()}`)
        .join(',')
    : '';

  useEffect(() => {
    if (!visible) return;
    setFile(null);
    form.resetFields();
    setTypeId(version?.typeId);
    if (version) form.setFieldsValue({ typeId: version.typeId, name: version.name, number: version.number });
    void api
      .call(endpointsOf(documentType).list, { query: { page: 1, size: 500 } })
      .then((p) => setTypes((p.records as ResourceRow[]).map(typeOf)))
      .catch(() => undefined);
  }, [visible, version, api, form]);

  async function submit() {
    setBusy(true);
    try {
      const v = form.getFieldsValue() as {
        typeId?: string;
        name?: string;
        number?: string;
        version?: string;
        encrypted?: boolean;
        validity?: string[];
      };
      // The type goes first: the server checks the file against it (an empty one is refused as missing).
      const fields = {
        typeId: v.typeId ?? '',
        name: v.name ?? '',
        number: v.number ?? '',
        version: v.version ?? '',
        encrypted: v.encrypted ? 'true' : 'false',
        validFrom: v.validity?.[0] ?? '',
        validTo: v.validity?.[1] ?? '',
      };
      await api.call(contract.documents.upload, {
        fields,
        files: file ? { file } : {},
        showSuccess: true,
        timeout: 600_000,
      });
      onClose(true);
    } catch {
      /* the shell shows the message, which names the field */
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={version ? t('document.newVersion') : t('document.upload')}
      visible={visible}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      unmountOnExit
    >
      <Form form={form} layout="vertical" data-testid="document-form">
        <Form.Item field="typeId" label={t('model:document.typeId')} required>
          <Select
            data-testid="document-type"
            disabled={Boolean(version)}
            onChange={(v: string) => {
              setTypeId(v);
              setFile(null);
            }}
            options={types.map((x) => ({ value: x.id, label: `${x.name} (${x.suffixes})` }))}
          />
        </Form.Item>
        <Form.Item
          label={t('model:document.file')}
          required
          extra={type ? t('document.allowed', { suffixes: type.suffixes }) : t('document.chooseTypeFirst')}
        >
          <input
            type="file"
            data-testid="document-file"
            accept={accept}
            disabled={!type}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Form.Item>
        <Form.Item field="name" label={t('model:document.name')} required>
          <Input data-testid="document-name" />
        </Form.Item>
        <Form.Item field="number" label={t('model:document.number')} required={!type?.encodingRuleId}>
          <Input
            data-testid="document-number"
            disabled={Boolean(version)}
            placeholder={type?.encodingRuleId ? t('document.numberByRule') : ''}
          />
        </Form.Item>
        <Form.Item field="version" label={t('model:document.version')} required>
          <Input data-testid="document-version" />
        </Form.Item>
        <Form.Item field="encrypted" triggerPropName="checked">
          <Checkbox data-testid="document-encrypted">{t('model:document.encrypted')}</Checkbox>
        </Form.Item>
        <Form.Item field="validity" label={`${t('model:document.validFrom')} – ${t('model:document.validTo')}`}>
          <DatePicker.RangePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
