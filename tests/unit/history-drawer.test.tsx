/**
 * The History drawer of every engine screen (issue 25): a row action behind the history permission,
 * entries newest first with each changed field before → after in the user's language — field labels,
 * enumeration and dictionary labels, references by their codes, secrets only as changed, a
 * signature with its meaning.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '../../model/audit';
import type { ResourceRow } from '../../model/engine';
import { customer, loginLog, material } from '../../model/resources';
import { fakeBridge, page, renderPage, type Handler } from './resource-page-harness';

const HISTORY = 'log:audit-trail:history';
const row = (id: string, fields: Record<string, unknown>): ResourceRow => ({
  id,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  $labels: {},
  ...fields,
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  at: '2026-03-01T08:00:00Z',
  action: 'update',
  entity: 'material',
  recordId: 'm1',
  recordCode: 'M-001',
  factoryId: null,
  userId: '00000000-0000-4000-8000-000000000001',
  userName: 'admin',
  apiKeyName: null,
  ip: '10.0.0.8',
  operationId: null,
  importJobId: null,
  changes: [],
  signature: null,
  ...over,
});

const UNITS = [
  { id: 'u-pcs', code: 'PCS', name: 'Piece' },
  { id: 'u-kg', code: 'KG', name: 'Kilogram' },
];

const materialScreen =
  (entries: AuditEntry[]): Handler =>
  (c) => {
    if (c.url === '/api/basic-system/material')
      return page([row('m1', { code: 'M-001', name: 'Sensor', type: 'semi', basicUnitId: 'u-kg' })]);
    if (c.url === '/api/platform-system/audit/material/m1') return { items: entries };
    if (c.url === '/api/basic-system/material/options/basicUnitId') {
      const ids = String((c.params as Record<string, string> | undefined)?.ids ?? '').split(',');
      return UNITS.filter((u) => ids.includes(u.id));
    }
    if (/\/options\//.test(c.url)) return [];
    throw new Error(`unexpected ${c.url}`);
  };

async function openHistory() {
  const tr = (await screen.findByText('M-001')).closest('tr')!;
  fireEvent.click(within(tr).getByTestId('row-history'));
  return screen.findByTestId('history-drawer');
}

const cells = (drawer: HTMLElement, field: string) =>
  [...drawer.querySelector(`[data-field="${field}"]`)!.querySelectorAll('td')].map((td) => td.textContent);

describe('History drawer', () => {
  it('is a row action only with the history permission, and never on records that are only read', async () => {
    const without = fakeBridge(['basic:material:view', 'basic:material:edit'], 'en', materialScreen([]));
    const first = await renderPage(material, without);
    await screen.findByText('M-001');
    expect(screen.queryByTestId('row-history')).toBeNull();
    first.unmount();

    const bridge = fakeBridge(['basic:material:view', HISTORY], 'en', materialScreen([]));
    const second = await renderPage(material, bridge);
    await screen.findByText('M-001');
    expect(screen.getByTestId('row-history').textContent).toBe('History');
    second.unmount();

    const logs = fakeBridge(['log:login-log:view', HISTORY], 'en', (c) =>
      c.url === '/api/platform-system/login-log'
        ? page([row('l1', { account: 'admin', ip: '10.0.0.1', loginTime: '2026-01-01T00:00:00Z' })])
        : [],
    );
    await renderPage(loginLog, logs);
    await waitFor(() => expect(logs.requests.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('row-history')).toBeNull();
  });

  it('shows each change before → after with labels, enum values and reference codes, not ids (en)', async () => {
    const bridge = fakeBridge(
      ['basic:material:view', HISTORY],
      'en',
      materialScreen([
        entry({
          changes: [
            { field: 'name', before: 'Sensor', after: 'Sensor v2' },
            { field: 'type', before: 'raw', after: 'semi' },
            { field: 'basicUnitId', before: 'u-pcs', after: 'u-kg' },
          ],
        }),
        entry({
          action: 'create',
          at: '2026-02-01T08:00:00Z',
          apiKeyName: 'ERP import',
          changes: [{ field: 'code', before: null, after: 'M-001' }],
        }),
      ]),
    );
    await renderPage(material, bridge);
    const drawer = await openHistory();
    expect(bridge.requests.some((r) => r.url === '/api/platform-system/audit/material/m1')).toBe(true);
    const entries = await within(drawer).findAllByTestId('history-entry', {}, { timeout: 5000 });
    expect(entries.map((e) => e.getAttribute('data-action'))).toEqual(['update', 'create']);
    expect(within(entries[0]!).getByTestId('history-action').textContent).toBe('Changed');
    expect(within(entries[1]!).getByTestId('history-who').textContent).toBe('admin (API key ERP import)');
    expect(cells(drawer, 'name')).toEqual(['Material name', 'Sensor', 'Sensor v2']);
    expect(cells(drawer, 'type')).toEqual(['Type', 'Raw material', 'Semi-finished']);
    await waitFor(() => expect(cells(drawer, 'basicUnitId')).toEqual(['Basic unit', 'PCS Piece', 'KG Kilogram']));
    expect(drawer.textContent).not.toContain('u-pcs');
  });

  it('shows the same in Chinese, a secret only as changed, and a signature with its meaning', async () => {
    const bridge = fakeBridge(
      ['basic:material:view', HISTORY],
      'zh-CN',
      materialScreen([
        entry({
          action: 'sign',
          changes: [{ field: 'decision', before: 'pending', after: 'agreed' }],
          signature: {
            signerId: '00000000-0000-4000-8000-000000000002',
            signerName: '王芳',
            meaning: 'reviewed',
            at: '2026-03-02T08:00:00Z',
          },
        }),
        entry({
          changes: [
            { field: 'type', before: 'raw', after: 'finished' },
            { field: 'upcCode', before: null, after: null, secret: true },
          ],
        }),
      ]),
    );
    await renderPage(material, bridge);
    const drawer = await openHistory();
    const [signed, edited] = await within(drawer).findAllByTestId('history-entry', {}, { timeout: 5000 });
    expect(within(signed!).getByTestId('history-action').textContent).toBe('电子签名');
    expect(within(signed!).getByTestId('history-signature').textContent).toMatch(
      /^王芳 电子签名（审核），2026-03-02 \d\d:00:00$/,
    );
    expect([...signed!.querySelectorAll('[data-field="decision"] td')].map((td) => td.textContent)).toEqual([
      '审批结果',
      '待处理',
      '同意',
    ]);
    expect(within(edited!).getByTestId('history-action').textContent).toBe('修改');
    expect([...edited!.querySelectorAll('[data-field="type"] td')].map((td) => td.textContent)).toEqual([
      '物料类型',
      '原材料',
      '成品',
    ]);
    expect([...edited!.querySelectorAll('[data-field="upcCode"] td')].map((td) => td.textContent)).toEqual([
      'UPC 码',
      '',
      '已修改（不显示）',
    ]);
  });

  it('labels dictionary values with the tenant dictionary items', async () => {
    const bridge = fakeBridge(['basic:customer:view', HISTORY], 'en', (c) => {
      if (c.url === '/api/basic-system/customer')
        return page([row('k1', { code: 'M-001', name: 'Northwind', category: 'oem' })]);
      if (c.url === '/api/basic-system/customer/options/category')
        return [
          { id: 'i1', code: 'oem', name: 'OEM manufacturer' },
          { id: 'i2', code: 'dist', name: 'Distributor' },
        ];
      if (c.url === '/api/platform-system/audit/customer/k1')
        return {
          items: [
            entry({
              entity: 'customer',
              recordId: 'k1',
              changes: [{ field: 'category', before: 'dist', after: 'oem' }],
            }),
          ],
        };
      throw new Error(`unexpected ${c.url}`);
    });
    await renderPage(customer, bridge);
    const drawer = await openHistory();
    await waitFor(() => expect(cells(drawer, 'category')).toEqual(['Category', 'Distributor', 'OEM manufacturer']));
  });
});
