import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, InputNumber, Select, Space } from '@arco-design/web-react';
import { ITEM_TYPES, type ItemType, type TemplateItem } from '../../../model/print/template';
import type { EditorProps } from '../../kit/engine/types';

type Item = Partial<TemplateItem> & Record<string, unknown>;

/** Pixels per millimetre of the design surface (shrunk for wide pages). */
const MAX_SURFACE_PX = 640;
const DEFAULT_PX_PER_MM = 6;

const NEW_ITEM: Record<ItemType, Omit<TemplateItem, 'type'>> = {
  text: { text: 'Text', x: 2, y: 2, width: 30, height: 6, fontSize: 10 },
  barcode: { key: 'sn', x: 2, y: 10, width: 40, height: 10 },
  qrcode: { key: 'sn', x: 2, y: 2, width: 15, height: 15 },
  datamatrix: { key: 'sn', x: 2, y: 2, width: 12, height: 12 },
  image: { key: 'logo', x: 2, y: 2, width: 15, height: 10 },
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);

/** What the surface shows inside an item: its binding, or its fixed text. */
function caption(item: Item): string {
  if (item.key) return `{${item.key}}`;
  return String(item.text ?? '');
}

/**
 * The visual designer of a template's items: a page at scale on which text, barcode (Code 128, QR,
 * DataMatrix) and image items are placed by dragging, and a property panel for the selected item
 * (data key, fixed text, position and size in millimetres, font size). It edits the `items` details.
 */
export function TemplateDesigner({ value, onChange }: EditorProps) {
  const { t } = useTranslation(['basic', 'model']);
  const { form } = Form.useFormContext();
  const pageWidth = Number(Form.useWatch('pageWidth', form)) || 60;
  const pageHeight = Number(Form.useWatch('pageHeight', form)) || 40;
  const items: Item[] = Array.isArray(value) ? (value as Item[]) : [];
  const [selected, setSelected] = useState<number | null>(null);
  const drag = useRef<{ index: number; startX: number; startY: number; x: number; y: number } | null>(null);
  const scale = Math.min(DEFAULT_PX_PER_MM, MAX_SURFACE_PX / pageWidth);

  const update = (index: number, patch: Partial<Item>) =>
    onChange?.(items.map((it, i) => (i === index ? { ...it, ...patch } : it)));
  const add = (type: ItemType) => {
    onChange?.([...items, { type, ...NEW_ITEM[type] }]);
    setSelected(items.length);
  };
  const remove = (index: number) => {
    onChange?.(items.filter((_, i) => i !== index));
    setSelected(null);
  };

  const down = (index: number, e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
    setSelected(index);
    const it = items[index]!;
    drag.current = { index, startX: e.clientX, startY: e.clientY, x: Number(it.x) || 0, y: Number(it.y) || 0 };
  };
  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const it = items[d.index]!;
    const x = clamp(round1(d.x + (e.clientX - d.startX) / scale), 0, Math.max(0, pageWidth - (Number(it.width) || 0)));
    const y = clamp(
      round1(d.y + (e.clientY - d.startY) / scale),
      0,
      Math.max(0, pageHeight - (Number(it.height) || 0)),
    );
    if (x !== it.x || y !== it.y) update(d.index, { x, y });
  };
  const up = () => {
    drag.current = null;
  };

  const current = selected !== null ? items[selected] : undefined;
  const num = (key: keyof TemplateItem, min = 0) => (
    <span data-testid={`designer-${key}`}>
      <InputNumber
        size="small"
        min={min}
        step={0.5}
        value={current?.[key] as number | undefined}
        onChange={(v) => selected !== null && update(selected, { [key]: v ?? null })}
        style={{ width: 150 }}
        prefix={t(`model:printTemplate.items.${key}`)}
      />
    </span>
  );

  return (
    <div className="template-designer" data-testid="template-designer">
      <Space wrap size="mini" style={{ marginBottom: 8 }}>
        {ITEM_TYPES.map((type) => (
          <Button key={type} size="small" data-testid={`designer-add-${type}`} onClick={() => add(type)}>
            {t('basic:designer.add', { type: t(`model:enum.printItemType.${type}`) })}
          </Button>
        ))}
      </Space>
      <div
        className="template-designer-body"
        style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <div
          className="template-surface"
          data-testid="designer-surface"
          onPointerMove={move}
          onPointerUp={up}
          onPointerLeave={up}
          style={{
            position: 'relative',
            width: pageWidth * scale,
            height: pageHeight * scale,
            background: '#fff',
            border: '1px solid var(--color-border-3)',
            touchAction: 'none',
          }}
        >
          {items.map((it, i) => (
            <div
              key={i}
              data-testid={`designer-item-${i}`}
              onPointerDown={(e) => down(i, e)}
              title={t(`model:enum.printItemType.${String(it.type)}`)}
              className={`template-item template-item-${String(it.type)}${i === selected ? ' is-selected' : ''}`}
              style={{
                position: 'absolute',
                left: (Number(it.x) || 0) * scale,
                top: (Number(it.y) || 0) * scale,
                width: (Number(it.width) || 1) * scale,
                height: (Number(it.height) || 1) * scale,
                cursor: 'move',
                overflow: 'hidden',
                border: i === selected ? '1px solid rgb(var(--primary-6))' : '1px dashed var(--color-border-4)',
                fontSize: it.type === 'text' ? Math.max(8, ((Number(it.fontSize) || 10) * (scale * 25.4)) / 72) : 10,
                lineHeight: 1.1,
                background:
                  it.type === 'text'
                    ? 'transparent'
                    : 'repeating-linear-gradient(90deg, #0002 0 2px, transparent 2px 5px)',
              }}
            >
              {caption(it)}
            </div>
          ))}
        </div>
        {current && selected !== null && (
          <div
            className="template-props"
            data-testid="designer-props"
            style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 260 }}
          >
            <Select
              size="small"
              value={String(current.type)}
              onChange={(v: ItemType) => update(selected, { type: v })}
              style={{ width: 180 }}
            >
              {ITEM_TYPES.map((type) => (
                <Select.Option key={type} value={type}>
                  {t(`model:enum.printItemType.${type}`)}
                </Select.Option>
              ))}
            </Select>
            <span data-testid="designer-key">
              <Input
                size="small"
                addBefore={t('model:printTemplate.items.key')}
                value={String(current.key ?? '')}
                onChange={(v) => update(selected, { key: v || null })}
              />
            </span>
            <span data-testid="designer-text">
              <Input
                size="small"
                addBefore={t('model:printTemplate.items.text')}
                value={String(current.text ?? '')}
                onChange={(v) => update(selected, { text: v || null })}
              />
            </span>
            <Space wrap size="mini">
              {num('x')}
              {num('y')}
              {num('width', 0.5)}
              {num('height', 0.5)}
              {current.type === 'text' && num('fontSize', 4)}
            </Space>
            <Button size="small" status="danger" data-testid="designer-remove" onClick={() => remove(selected)}>
              {t('basic:designer.remove')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
