import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Modal, Select } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import { ApiError } from '../../../bridge/child';
import { BOM_LABELS, bomLineFields, type BomChoices, type BomLineRow, type BomMaterial } from '../../../model/bom';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';
import { zodRule } from '../../kit/zodRules';
interface Values {
  parentId?: string;
  componentId?: string;
  lineNo?: number;
  dosage?: number;
  dosageUnitId?: string;
  lossRate?: number;
  priority?: number;
  ecnNumber?: string;
}

/** Add or edit one line; `parent` fixed (adding below a product or an assembly), or chosen (a new BOM). */
export function LineDialog({
  visible,
  parent,
  line,
  nextLineNo,
  onClose,
}: {
  visible: boolean;
  parent: BomMaterial | null;
  line: BomLineRow | null;
  nextLineNo: number;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation(['basic', 'model', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const [form] = Form.useForm<Values>();
  const [choices, setChoices] = useState<BomChoices>({ materials: [], units: [] });
  const [saving, setSaving] = useState(false);

  const searchMaterials = (keyword = '') =>
    void api
      .call(contract.bom.materials, { query: { keyword, size: 50 }, showError: false })
      .then(setChoices)
      .catch(() => undefined);

  useEffect(() => {
    if (!visible) return;
    searchMaterials(line?.component.code ?? '');
    form.resetFields();
    form.setFieldsValue(
      line
        ? {
            componentId: line.component.id,
            lineNo: line.lineNo,
            dosage: line.dosage,
            dosageUnitId: line.dosageUnitId ?? undefined,
            lossRate: line.lossRate,
            priority: line.priority ?? undefined,
            ecnNumber: line.ecnNumber ?? '',
          }
        : { parentId: parent?.id, lineNo: nextLineNo, dosage: 1, lossRate: 0 },
    );
  }, [visible, line, parent, nextLineNo]);

  const save = async () => {
    const v = await form.validate().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const body = {
        componentId: v.componentId ?? '',
        lineNo: v.lineNo,
        dosage: v.dosage,
        dosageUnitId: v.dosageUnitId ?? null,
        lossRate: v.lossRate ?? 0,
        priority: v.priority ?? null,
        ecnNumber: v.ecnNumber ?? null,
      };
      if (line)
        await api.call(contract.bom.updateLine, { params: { id: line.id }, body, showSuccess: true, showError: false });
      else
        await api.call(contract.bom.addLine, {
          body: { ...body, parentId: parent?.id ?? v.parentId ?? '' },
          showSuccess: true,
          showError: false,
        });
      onClose(true);
    } catch (e) {
      const errors =
        e instanceof ApiError
          ? (e.data as { errors?: { field: string; message: string }[] } | null)?.errors
          : undefined;
      if (errors?.length)
        form.setFields(Object.fromEntries(errors.map((x) => [x.field, { error: { message: x.message } }])));
      else void bridge.notify({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  };

  const materialOptions = choices.materials.map((m) => ({ label: `${m.code} · ${m.name}`, value: m.id }));
  const required = (key: string) => [
    { required: true, message: t('model:validation.required', { field: t(`model:${key}`) }) },
  ];
  const rule = (key: keyof typeof bomLineFields) => zodRule(bomLineFields[key], t(`model:${BOM_LABELS[key]}`), t);
  /** A material found by what is typed (the server searches; nothing is filtered here). */
  const materialSelect = (testId: string) => (
    <Select showSearch filterOption={false} onSearch={searchMaterials} options={materialOptions} data-testid={testId} />
  );
  return (
    <Modal
      title={line ? t('bom.editLine') : t('bom.addLine')}
      visible={visible}
      onOk={() => void save()}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      unmountOnExit
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'bom-line-ok' } as never}
    >
      <Form form={form} layout="vertical" data-testid="bom-line-form">
        {!line &&
          (parent ? (
            <Form.Item label={t('model:bom.parent')}>
              <Input value={`${parent.code} · ${parent.name}`} disabled />
            </Form.Item>
          ) : (
            <Form.Item field="parentId" label={t('model:bom.parent')} rules={required('bom.parent')}>
              {materialSelect('bom-parent')}
            </Form.Item>
          ))}
        <Form.Item field="componentId" label={t('model:bom.component')} rules={required('bom.component')}>
          {materialSelect('bom-component')}
        </Form.Item>
        {/* Numbers are not clamped or rounded behind the user's back: the line's schema says what is wrong. */}
        <Form.Item field="lineNo" label={t('model:bom.lineNo')} rules={[...required('bom.lineNo'), rule('lineNo')]}>
          <InputNumber data-testid="bom-lineNo" />
        </Form.Item>
        <Form.Item field="dosage" label={t('model:bom.dosage')} rules={[...required('bom.dosage'), rule('dosage')]}>
          <InputNumber data-testid="bom-dosage" />
        </Form.Item>
        <Form.Item field="dosageUnitId" label={t('model:bom.dosageUnit')}>
          <Select allowClear options={choices.units.map((u) => ({ label: `${u.code} · ${u.name}`, value: u.id }))} />
        </Form.Item>
        <Form.Item field="lossRate" label={t('model:bom.lossRate')} rules={[rule('lossRate')]}>
          <InputNumber data-testid="bom-lossRate" />
        </Form.Item>
        <Form.Item field="priority" label={t('model:bom.priority')} rules={[rule('priority')]}>
          <InputNumber />
        </Form.Item>
        <Form.Item
          field="ecnNumber"
          label={t('model:bom.ecnNumber')}
          rules={[{ maxLength: 64, message: t('model:validation.tooLong', { field: t('model:bom.ecnNumber') }) }]}
        >
          <Input maxLength={{ length: 64, errorOnly: true }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
