import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown, Menu, Tag } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import { endpointsOf } from '../../../model/contract';
import { type EnumField, type ResourceDef, type ResourceRow, type StateChange } from '../../../model/engine';
import { useApi } from '../api';
import { describeError } from './errors';
import { fieldLabel } from './labels';

interface Props {
  def: ResourceDef;
  fieldKey: string;
  field: EnumField;
  row: ResourceRow;
  /** Whether the user holds the field's state permission (`statusVerb`). */
  allowed: boolean;
  onChanged: () => void;
}

const COLORS = ['green', 'orangered', 'gray', 'arcoblue', 'purple'];

/**
 * A state (frozen, available …) as a tag. With the permission, clicking it offers the other
 * values; the change asks for confirmation (SPEC §4) and then goes to `POST /:id/state`.
 */
export function StatusCell({ def, fieldKey, field, row, allowed, onChanged }: Props) {
  const { t } = useTranslation(['common', 'model']);
  const bridge = useBridge();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const value = String(row[fieldKey] ?? '');
  const label = (v: string) => t(`model:enum.${field.enumName}.${v}`);
  const color = COLORS[field.values.indexOf(value)] ?? 'gray';
  const testId = `status-${fieldKey}-${String(row[def.codeField] ?? row.id)}`;
  const tag = (
    <Tag color={color} data-testid={testId} style={allowed ? { cursor: 'pointer' } : undefined}>
      {value ? label(value) : ''}
    </Tag>
  );
  if (!allowed) return tag;

  async function change(next: string) {
    const name = String(row[def.displayField] ?? row[def.codeField] ?? '');
    const ok = await bridge.confirm({
      title: t('common:resource.stateTitle'),
      content: t('common:resource.stateConfirm', {
        field: fieldLabel(t, field),
        name,
        from: label(value),
        to: label(next),
      }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const body: StateChange = { field: fieldKey, value: next };
      await api.call(endpointsOf(def).state, { params: { id: row.id }, body, showSuccess: true, showError: false });
      onChanged();
    } catch (e) {
      void bridge.notify({ type: 'error', message: describeError(t, def, e) });
    } finally {
      setBusy(false);
    }
  }

  const others = field.values.filter((v) => v !== value);
  // Two states: a click toggles; more: a menu of the others.
  if (others.length === 1) {
    return (
      <span
        onClick={(e) => {
          e.stopPropagation();
          if (!busy) void change(others[0]!);
        }}
      >
        {tag}
      </span>
    );
  }
  return (
    <Dropdown
      trigger="click"
      droplist={
        <Menu onClickMenuItem={(key) => void change(key)}>
          {others.map((v) => (
            <Menu.Item key={v} data-testid={`${testId}-${v}`}>
              {label(v)}
            </Menu.Item>
          ))}
        </Menu>
      }
    >
      <span onClick={(e) => e.stopPropagation()}>{tag}</span>
    </Dropdown>
  );
}
