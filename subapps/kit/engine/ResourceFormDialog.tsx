import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Grid, Modal, Tabs, type ButtonProps } from '@arco-design/web-react';
import { ApiError } from '../../../bridge/child';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import type { ValidationErrorData } from '../../../model/api';
import { formFields, type FieldDef, type ResourceDef, type ResourceRow } from '../../../model/engine';
import { useUnsaved } from '../unsaved';
import { dialogWidth } from '../dialog';
import { conflictOf, describeError } from './errors';
import { FieldEditor } from './FieldEditor';
import { fieldLabel, titleOf } from './labels';
import type { RecordCalls } from './records';
import type { EditorProps, FormPreset, ResourceOverrides } from './types';
import { checkInput, fieldRule, serverFieldErrors } from './validation';

interface Props {
  def: ResourceDef;
  /** How the records are read and written (the definition's operations). */
  calls: Pick<RecordCalls, 'get' | 'create' | 'update'>;
  visible: boolean;
  /** The row to edit; null to add one. */
  row: ResourceRow | null;
  /** What an add starts from; its values not on the form are sent as they are. */
  preset?: FormPreset;
  overrides?: Pick<ResourceOverrides, 'editors' | 'formSections'>;
  onClose: () => void;
  onSaved: (row: ResourceRow) => void;
}

/** Columns of the form grid per dialog width: 950 px three, 700 px two, 400 px one. */
const COLUMNS: Record<number, number> = { 950: 3, 700: 2, 400: 1 };
const WIDE = new Set<FieldDef['kind']>(['details', 'textarea', 'refs']);

function initialValues(def: ResourceDef, row: ResourceRow | null, preset?: FormPreset): Record<string, unknown> {
  return Object.fromEntries(
    formFields(def).map(([key, f]) => {
      if (row) return [key, row[key] ?? undefined];
      if (preset && key in preset.values) return [key, preset.values[key]];
      return [key, f.default ?? (f.kind === 'details' ? [] : undefined)];
    }),
  );
}

/** Form values compared as the server would receive them (dates and details tables alike). */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A field on the form while its `shownWhen` holds for the form's values. */
const isShown = (f: FieldDef, values: Record<string, unknown>) =>
  !f.shownWhen || f.shownWhen.values.includes(String(values[f.shownWhen.field] ?? ''));

/** Hands an override editor what Form.Item gives its child. */
function OverrideEditor({ render, ...props }: EditorProps & { render: (p: EditorProps) => ReactNode }) {
  return <>{render(props)}</>;
}

/**
 * The add/edit dialog generated from the definition: one editor per form field, checked on the
 * client with the same zod schema as on the server; the server's 400 field errors land on the
 * fields, a 409 duplicate on its field and as a message naming the value.
 */
export function ResourceFormDialog({ def, calls, visible, row, preset, overrides, onClose, onSaved }: Props) {
  const { t } = useTranslation(['common', 'model']);
  const bridge = useBridge();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  /** Whether the user changed anything since the form opened or was last saved (the shell asks before it is thrown away). */
  const [changed, setChanged] = useState(false);
  useUnsaved(visible && changed);
  /** The fields the user has typed into since the form opened: a late answer must not undo them. */
  const typed = useRef(new Set<string>());
  const [current, setCurrent] = useState<ResourceRow | null>(row);
  /** Cells of each detail table that hold a refused value (`details.0.order`), marked in the table. */
  const [cells, setCells] = useState<Record<string, string[]>>({});
  const markCells = (key: string, paths: string[]) =>
    setCells((prev) => (prev[key]?.join() === paths.join() ? prev : { ...prev, [key]: paths }));
  const fields = formFields(def);
  const width = dialogWidth(fields.length);
  const span = 24 / (COLUMNS[width] ?? 1);
  const { permissions } = useBridgeContext();
  // Tabs the user holds the permission of; the first (basic information) comes before the others.
  const allowedTabs = (def.tabs ?? []).filter((tab) => permissions.includes(`${def.permissions}:tab-${tab}`));
  const [activeTab, setActiveTab] = useState<string>(def.tabs?.[0] ?? '');
  const tabOf = (f: FieldDef) => f.tab ?? def.tabs?.[0] ?? '';

  useEffect(() => {
    setChanged(false);
    typed.current = new Set();
    if (!visible) return;
    setCurrent(row);
    setCells({});
    setActiveTab(def.tabs?.[0] ?? '');
    form.resetFields();
    form.setFieldsValue(initialValues(def, row, preset));
    if (!row || !calls.get) return;
    // The list may be stale: edit what the server holds now (and its updatedAt).
    let live = true;
    calls
      .get(row.id)
      .then((fresh) => {
        if (!live) return;
        const opened = initialValues(def, row);
        const now = initialValues(def, fresh);
        const kept = [...typed.current];
        // What the user typed stays. If the server's value of such a field moved too, the edit keeps
        // the list's updatedAt, so that saving meets the conflict instead of overwriting it unseen.
        if (kept.every((key) => sameValue(opened[key], now[key]))) setCurrent(fresh);
        form.setFieldsValue(Object.fromEntries(Object.entries(now).filter(([key]) => !typed.current.has(key))));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [visible, row, preset, def, form, calls]);

  async function submit() {
    let values: Record<string, unknown>;
    try {
      values = (await form.validate()) as Record<string, unknown>;
    } catch (e) {
      // The fields say what is wrong; show the tab of the first one.
      const first = Object.keys((e as { errors?: Record<string, unknown> } | null)?.errors ?? {})[0];
      const f = first ? def.fields[first] : undefined;
      if (f && def.tabs) setActiveTab(tabOf(f));
      return;
    }
    // What the form does not show is sent empty (an SOP's page route); an add's preset values that
    // are not on the form go as they are (the document key an SOP's other language shares).
    for (const [key, f] of fields) if (!isShown(f, values)) values[key] = null;
    if (!current && preset) {
      const onForm = new Set(fields.map(([key]) => key));
      values = { ...Object.fromEntries(Object.entries(preset.values).filter(([k]) => !onForm.has(k))), ...values };
    }
    const crossField = checkInput(t, def, values);
    if (Object.keys(crossField).length > 0) {
      form.setFields(Object.fromEntries(Object.entries(crossField).map(([k, message]) => [k, { error: { message } }])));
      return;
    }
    setSaving(true);
    try {
      // The dialog opens only for what the records offer (the page shows Add and Edit by their operations).
      const saved = current
        ? await calls.update?.(current.id, { ...values, updatedAt: current.updatedAt })
        : await calls.create?.(values);
      if (!saved) return;
      onSaved(saved);
      setChanged(false);
      if (!current && def.tabs && def.tabs.length > 1) {
        // Saved with its basic information: the dialog stays, now editing the row, with every tab open.
        setCurrent(saved);
        form.setFieldsValue(initialValues(def, saved));
        void bridge.notify({ type: 'info', message: t('common:resource.tabsOpen') });
        return;
      }
      onClose();
    } catch (e) {
      showFailure(e);
    } finally {
      setSaving(false);
    }
  }

  function showFailure(e: unknown) {
    if (e instanceof ApiError && e.code === 400) {
      const errors = (e.data as ValidationErrorData | null)?.errors ?? [];
      const { fields: onFields, other } = serverFieldErrors(def, errors);
      form.setFields(onFields);
      for (const [key, f] of fields) {
        if (f.kind === 'details')
          markCells(
            key,
            errors.map((x) => x.field).filter((p) => p.startsWith(`${key}.`)),
          );
      }
      const rest = other.length ? other.join('; ') : Object.keys(onFields).length ? '' : e.msg;
      if (rest) void bridge.notify({ type: 'error', message: rest });
      return;
    }
    const conflict = conflictOf(t, def, e);
    if (conflict && conflict.field in def.fields)
      form.setFields({ [conflict.field]: { error: { message: conflict.message } } });
    void bridge.notify({ type: 'error', message: describeError(t, def, e) });
  }

  /** A field not changed here: a state (changed in the table), written on create only, or held by the add's preset. */
  const fixed = (key: string, f: FieldDef) =>
    Boolean((row && ((f.kind === 'enum' && f.status) || f.createOnly)) || (!row && preset?.locked?.includes(key)));

  const renderField = (key: string, f: FieldDef) => {
    const custom = overrides?.editors?.[key];
    return (
      <Grid.Col key={key} span={WIDE.has(f.kind) ? 24 : span}>
        <Form.Item
          field={key}
          label={fieldLabel(t, f)}
          required={Boolean(f.required || (f.kind === 'details' && f.minRows))}
          rules={[fieldRule(t, def, key, f, { values: () => form.getFieldsValue(), onCells: markCells })]}
          className={f.kind === 'details' ? 'resource-details-item' : undefined}
          disabled={fixed(key, f)}
          extra={f.hint ? t(`model:${f.hint}`) : undefined}
        >
          {custom ? (
            <OverrideEditor render={custom} fieldKey={key} field={f} row={current} />
          ) : (
            <FieldEditor def={def} fieldKey={key} field={f} testId={`form-${key}`} refusedCells={cells[key]} />
          )}
        </Form.Item>
      </Grid.Col>
    );
  };

  const renderFields = (list: [string, FieldDef][]) => (
    <Grid.Row gutter={16}>
      {list.map(([key, f]) => {
        const when = f.shownWhen;
        if (!when) return renderField(key, f);
        // Drawn again when the field it depends on changes.
        return (
          <Form.Item key={key} noStyle shouldUpdate={(prev, next) => prev[when.field] !== next[when.field]}>
            {(values: Record<string, unknown>) => (isShown(f, values) ? renderField(key, f) : null)}
          </Form.Item>
        );
      })}
    </Grid.Row>
  );

  const title = t(current ? 'common:resource.editTitle' : 'common:resource.addTitle', { title: titleOf(t, def) });
  return (
    <Modal
      title={title}
      visible={visible}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      style={{ width, maxWidth: 'calc(100vw - 32px)' }}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ 'data-testid': 'dialog-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'dialog-cancel' } as ButtonProps}
      unmountOnExit
      maskClosable={false}
    >
      <Form
        form={form}
        id={`form-${def.name}`}
        layout="vertical"
        data-testid={`form-${def.name}`}
        onChange={(value: Record<string, unknown>) => {
          for (const key of Object.keys(value)) typed.current.add(key);
          setChanged(true);
        }}
      >
        {def.tabs ? (
          <Tabs activeTab={activeTab} onChange={setActiveTab} lazyload={false} data-testid="form-tabs">
            {def.tabs.map((tab, i) => (
              // Without the tab's permission the tab is hidden, not removed: its values still travel with the row.
              <Tabs.TabPane
                key={tab}
                disabled={!current && i > 0}
                title={
                  <span
                    data-testid={`form-tab-${tab}`}
                    style={allowedTabs.includes(tab) ? undefined : { display: 'none' }}
                  >
                    {t(`model:${def.labelPrefix}._tabs.${tab}`)}
                  </span>
                }
              >
                {!current && i > 0 ? (
                  <p className="resource-form-hint">{t('common:resource.saveBasicFirst')}</p>
                ) : (
                  renderFields(fields.filter(([, f]) => tabOf(f) === tab))
                )}
              </Tabs.TabPane>
            ))}
          </Tabs>
        ) : (
          renderFields(fields)
        )}
        {overrides?.formSections?.map((s) => (
          <section key={s.key} className="resource-form-section" data-testid={`section-${s.key}`}>
            {s.title && <h4 className="page-panel-title">{s.title}</h4>}
            {s.render({ row: current, def })}
          </section>
        ))}
      </Form>
    </Modal>
  );
}
