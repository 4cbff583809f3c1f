import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Modal } from '@arco-design/web-react';
import type { ZodObject, ZodRawShape, ZodType } from 'zod';
import { fieldErrors, type FieldError } from '../../model/api';
import { ApiError } from '../../bridge/child';
import { dialogWidth } from './dialog';
import { zodRule } from './zodRules';
import { useUnsaved } from './unsaved';

export interface FieldSpec {
  name: string;
  /** Label key in the `model` namespace. */
  label: string;
  kind?: 'text' | 'number' | 'textarea';
}

interface Props<T> {
  title: string;
  visible: boolean;
  schema: ZodObject<ZodRawShape>;
  fields: FieldSpec[];
  initial: Partial<T> | null;
  onSubmit: (values: T) => Promise<void>;
  onClose: () => void;
}

/** A dialog form whose rules come from the model's zod schema; server field errors land on the fields. */
export function SchemaFormDialog<T>({ title, visible, schema, fields, initial, onSubmit, onClose }: Props<T>) {
  const { t } = useTranslation(['model', 'common']);
  const [form] = Form.useForm();
  const [changed, setChanged] = useState(false);
  useUnsaved(visible && changed);

  useEffect(() => {
    setChanged(false);
    if (visible) {
      form.resetFields();
      if (initial) form.setFieldsValue(initial);
    }
  }, [visible, initial, form]);

  async function submit() {
    let values: T;
    try {
      values = (await form.validate()) as T;
    } catch {
      return; // the fields show what is wrong
    }
    try {
      await onSubmit(values);
      setChanged(false);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.code === 400) {
        const data = e.data as { errors?: FieldError[] } | null;
        form.setFields(fieldErrors(data?.errors));
      }
    }
  }

  return (
    <Modal
      title={title}
      visible={visible}
      onOk={submit}
      onCancel={onClose}
      style={{ width: dialogWidth(fields.length) }}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      unmountOnExit
    >
      <Form form={form} layout="vertical" onChange={() => setChanged(true)}>
        {fields.map((f) => {
          const label = t(`model:${f.label}`);
          const shape = schema.shape[f.name] as ZodType | undefined;
          return (
            <Form.Item
              key={f.name}
              field={f.name}
              label={label}
              rules={shape ? [zodRule(shape, label, t)] : []}
              required={Boolean(shape && !shape.safeParse(undefined).success)}
            >
              {f.kind === 'number' ? (
                <InputNumber />
              ) : f.kind === 'textarea' ? (
                <Input.TextArea />
              ) : (
                <Input data-testid={`field-${f.name}`} />
              )}
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}

/** A form dialog's state: shown or not, and the record it edits (null: adding one). */
export function useFormDialog<T>() {
  const [visible, setVisible] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  return {
    visible,
    editing,
    open(record: T | null) {
      setEditing(record);
      setVisible(true);
    },
    close: () => setVisible(false),
  };
}
