import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Modal, type FormInstance } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { act } from './act';

/** How a content screen saves and deletes its records; the list is reloaded after either. */
export interface RecordEditorOptions<Row, Values> {
  /** The screen's permission prefix: `system:notice` asks for `system:notice:add`, `:edit` and `:delete`. */
  permission: string;
  save: (values: Values, editing: Row | null) => Promise<unknown>;
  remove: (row: Row) => Promise<unknown>;
  reload: () => void;
}

export interface RecordEditor<Row, Values> {
  can: (verb: 'add' | 'edit' | 'delete') => boolean;
  form: FormInstance<Values>;
  /** The record in the dialog; null while adding. */
  editing: Row | null;
  open: boolean;
  /** Opens the dialog on `row` (null: a new record) with the form holding `values`. */
  start: (row: Row | null, values: Partial<Values>) => void;
  save: () => void;
  close: () => void;
  /** A row's Edit (running `edit`) and Delete, as far as the user may (RecordActions' props). */
  actions: (row: Row, edit: () => void) => { onEdit?: () => void; onDelete?: () => void };
}

/**
 * The add and edit dialog and the delete of a content administration screen: one form, saved by
 * create or update, deleted after the user confirms, the list reloaded after each.
 */
export function useRecordEditor<Row, Values>(options: RecordEditorOptions<Row, Values>): RecordEditor<Row, Values> {
  const { t } = useTranslation('common');
  const bridge = useBridge();
  const { permissions } = useBridgeContext();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  const can = (verb: 'add' | 'edit' | 'delete') => permissions.includes(`${options.permission}:${verb}`);
  const remove = (row: Row) =>
    act(async () => {
      if (!(await bridge.confirm({ title: t('deleteTitle'), content: t('deleteConfirm', { count: 1 }) }))) return;
      await options.remove(row);
      options.reload();
    });
  return {
    can,
    form,
    editing,
    open,
    start(row, values) {
      setEditing(row);
      form.resetFields();
      form.setFieldsValue(values as Parameters<FormInstance<Values>['setFieldsValue']>[0]);
      setOpen(true);
    },
    save: () =>
      act(async () => {
        const values = await form.validate();
        await options.save(values, editing);
        setOpen(false);
        options.reload();
      }),
    close: () => setOpen(false),
    actions(row, edit) {
      return {
        onEdit: can('edit') ? edit : undefined,
        onDelete: can('delete') ? () => remove(row) : undefined,
      };
    },
  };
}

/** The editor's dialog around its form: the title says adding or editing; OK saves. */
export function RecordModal<Row, Values>(props: {
  editor: RecordEditor<Row, Values>;
  titles: { add: string; edit: string };
  width: number;
  /** The test id of the OK button. */
  saveTestId: string;
  onValuesChange?: (changed: Partial<Values>) => void;
  children: ReactNode;
}) {
  const { editor } = props;
  return (
    <Modal
      title={editor.editing ? props.titles.edit : props.titles.add}
      visible={editor.open}
      style={{ width: props.width }}
      onOk={editor.save}
      onCancel={editor.close}
      okButtonProps={{ 'data-testid': props.saveTestId } as object}
    >
      <Form form={editor.form} layout="vertical" onValuesChange={props.onValuesChange}>
        {props.children}
      </Form>
    </Modal>
  );
}
