import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BridgeRequestConfig } from '../../bridge/protocol';
import { customer, deviceClass, materialClass, shift, unit, warehouse } from '../../model/resources';
import type { ImportResult, ResourceRow } from '../../model/engine';
import vi from '../../locales/vi/model.json';
import { apiError, fakeBridge, page, renderPage, type Handler } from './resource-page-harness';

const ALL = (prefix: string) => ['view', 'add', 'edit', 'delete', 'import', 'export'].map((v) => `${prefix}:${v}`);
const row = (id: string, fields: Record<string, unknown>): ResourceRow => ({
  id,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  $labels: {},
  ...fields,
});

const CLASSES = [
  row('c1', { code: 'CNC', name: 'CNC machines', remark: '' }),
  row('c2', { code: 'PRS', name: 'Presses', remark: '' }),
];

/** Lists answer the rows; everything else answers `rest`. */
const lists =
  (rows: ResourceRow[], rest: Handler = () => null): Handler =>
  (c) =>
    (c.method ?? 'GET') === 'GET' && /\/(device-class|unit|shift|warehouse)$/.test(c.url) ? page(rows) : rest(c);

const writes = (requests: BridgeRequestConfig[]) => requests.filter((r) => (r.method ?? 'GET') !== 'GET');
const dialog = () => screen.findByRole('dialog');
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const tick = (code: string) => {
  const tr = screen.getByText(code).closest('tr')!;
  fireEvent.click(within(tr).getByRole('checkbox'));
};

describe('ResourcePage: buttons by permission', () => {
  it('shows no action button without the permission codes', async () => {
    const bridge = fakeBridge(['basic:device-class:view'], 'en', lists(CLASSES));
    await renderPage(deviceClass, bridge);
    expect(await screen.findByText('CNC machines')).toBeTruthy();
    for (const id of ['btn-add', 'btn-edit', 'btn-delete', 'btn-import', 'btn-export', 'btn-template']) {
      expect(screen.queryByTestId(id), id).toBeNull();
    }
    expect(screen.queryByTestId('row-edit')).toBeNull();
  });

  it('shows exactly the buttons whose codes the user holds (template goes with import)', async () => {
    const bridge = fakeBridge(
      ['basic:device-class:view', 'basic:device-class:add', 'basic:device-class:import'],
      'en',
      lists(CLASSES),
    );
    await renderPage(deviceClass, bridge);
    await screen.findByText('CNC machines');
    expect(screen.getByTestId('btn-add').textContent).toBe('Add');
    expect(screen.getByTestId('btn-import')).toBeTruthy();
    expect(screen.getByTestId('btn-template')).toBeTruthy();
    for (const id of ['btn-edit', 'btn-delete', 'btn-export']) expect(screen.queryByTestId(id), id).toBeNull();
  });
});

describe('ResourcePage: the SPEC §8 selection messages', () => {
  it('asks to select data before editing, one row to edit, and data to delete (zh-CN)', async () => {
    const bridge = fakeBridge(ALL('basic:device-class'), 'zh-CN', lists(CLASSES));
    await renderPage(deviceClass, bridge);
    await screen.findByText('CNC machines');
    fireEvent.click(screen.getByTestId('btn-edit'));
    fireEvent.click(screen.getByTestId('btn-delete'));
    tick('CNC');
    tick('PRS');
    fireEvent.click(screen.getByTestId('btn-edit'));
    await waitFor(() => expect(bridge.notices).toHaveLength(3));
    expect(bridge.notices.map((n) => n.message)).toEqual([
      '请选择数据后再操作',
      '请选择要删除的数据',
      '请选择一条数据进行编辑',
    ]);
    expect(bridge.notices.every((n) => n.type === 'warning')).toBe(true);
    expect(writes(bridge.requests)).toEqual([]);
  });

  it('confirms a delete naming the count, then deletes the selected ids', async () => {
    const bridge = fakeBridge(
      ALL('basic:device-class'),
      'en',
      lists(CLASSES, () => ({ deleted: 2 })),
    );
    await renderPage(deviceClass, bridge);
    await screen.findByText('CNC machines');
    tick('CNC');
    tick('PRS');
    fireEvent.click(screen.getByTestId('btn-delete'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(bridge.confirms[0]?.content).toContain('2 selected');
    expect(writes(bridge.requests)[0]).toMatchObject({
      method: 'DELETE',
      url: '/api/basic-system/device-class',
      data: { ids: ['c1', 'c2'] },
    });
  });

  it('does not delete when the confirmation is declined, and names who still refers to the rows on a 409', async () => {
    const bridge = fakeBridge(
      ALL('basic:warehouse'),
      'en',
      lists([row('w1', { code: 'WH01', name: 'Raw', type: 'raw', state: 'normal', picking: false })], () => {
        throw apiError(409, 'in use', { references: [{ resource: 'warehouse-area', count: 3 }] });
      }),
    );
    await renderPage(warehouse, bridge);
    await screen.findByText('WH01');
    bridge.confirmAnswer = false;
    fireEvent.click(screen.getByTestId('row-delete'));
    await waitFor(() => expect(bridge.confirms).toHaveLength(1));
    expect(writes(bridge.requests)).toEqual([]);
    bridge.confirmAnswer = true;
    fireEvent.click(screen.getByTestId('row-delete'));
    await waitFor(() => expect(bridge.notices).toHaveLength(1));
    expect(bridge.notices[0]).toEqual({
      type: 'error',
      message: expect.stringMatching(/still in use.*Warehouse area.*\(3\)/),
    });
  });
});

describe('ResourcePage: the dialog form', () => {
  it('checks fields with the model schema and shows the message in the chosen language', async () => {
    const bridge = fakeBridge(ALL('basic:device-class'), 'vi', lists(CLASSES));
    await renderPage(deviceClass, bridge);
    await screen.findByText('CNC machines');
    fireEvent.click(screen.getByTestId('btn-add'));
    const form = await dialog();
    type('form-code', 'bad code!');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    // The Vietnamese texts of the model namespace, the same the server would answer with.
    const message = (key: keyof typeof vi.validation, field: string) => vi.validation[key].replace('{{field}}', field);
    expect(await within(form).findByText(message('required', vi.deviceClass.name))).toBeTruthy();
    expect(within(form).getByText(message('codeFormat', vi.deviceClass.code))).toBeTruthy();
    expect(writes(bridge.requests)).toEqual([]);
  });

  it('puts a 400 answer of the server on its field', async () => {
    const bridge = fakeBridge(
      ALL('basic:device-class'),
      'en',
      lists(CLASSES, () => {
        throw apiError(400, 'Name is taken by a rule', {
          errors: [{ field: 'name', key: 'validation.invalid', message: 'Name is invalid (server)' }],
        });
      }),
    );
    await renderPage(deviceClass, bridge);
    await screen.findByText('CNC machines');
    fireEvent.click(screen.getByTestId('btn-add'));
    const form = await dialog();
    type('form-code', 'WLD');
    type('form-name', 'Welders');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    expect(await within(form).findByText('Name is invalid (server)')).toBeTruthy();
    expect(writes(bridge.requests)[0]).toMatchObject({
      method: 'POST',
      url: '/api/basic-system/device-class',
      data: { code: 'WLD', name: 'Welders' },
    });
    expect(bridge.notices).toEqual([]);
  });

  it('names the field and the value of a 409 duplicate', async () => {
    const bridge = fakeBridge(
      ALL('basic:device-class'),
      'en',
      lists(CLASSES, () => {
        throw apiError(409, 'duplicate', { field: 'code', value: 'CNC' });
      }),
    );
    await renderPage(deviceClass, bridge);
    await screen.findByText('CNC machines');
    fireEvent.click(screen.getByTestId('btn-add'));
    const form = await dialog();
    type('form-code', 'CNC');
    type('form-name', 'Another');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    await waitFor(() => expect(bridge.notices).toHaveLength(1));
    expect(bridge.notices[0]).toEqual({ type: 'error', message: 'Code "CNC" already exists' });
    expect(within(form).getByText('Code "CNC" already exists')).toBeTruthy();
  });

  it('edits the one selected row with what the server holds now, sending its updatedAt', async () => {
    const fresh = row('c1', {
      code: 'CNC',
      name: 'CNC machines (fresh)',
      remark: '',
      updatedAt: '2026-02-02T00:00:00Z',
    });
    const bridge = fakeBridge(
      ALL('basic:device-class'),
      'en',
      lists(CLASSES, () => fresh),
    );
    await renderPage(deviceClass, bridge);
    await screen.findByText('CNC machines');
    tick('CNC');
    fireEvent.click(screen.getByTestId('btn-edit'));
    await dialog();
    await waitFor(() =>
      expect((screen.getByTestId('form-name') as HTMLInputElement).value).toBe('CNC machines (fresh)'),
    );
    fireEvent.click(screen.getByTestId('dialog-ok'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(writes(bridge.requests)[0]).toMatchObject({
      method: 'PUT',
      url: '/api/basic-system/device-class/c1',
      data: { code: 'CNC', name: 'CNC machines (fresh)', updatedAt: '2026-02-02T00:00:00Z' },
    });
  });

  /** Opens the edit dialog of CNC while the record's own read waits for `release`. */
  async function editWhileReading(fresh: ResourceRow) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const bridge = fakeBridge(
      ALL('basic:device-class'),
      'en',
      lists(CLASSES, async (c) => ((c.method ?? 'GET') === 'GET' ? (await held, fresh) : fresh)),
    );
    await renderPage(deviceClass, bridge);
    await screen.findByText('CNC machines');
    tick('CNC');
    fireEvent.click(screen.getByTestId('btn-edit'));
    await dialog();
    expect((screen.getByTestId('form-name') as HTMLInputElement).value).toBe('CNC machines');
    type('form-name', 'CNC lathes');
    release();
    // The read has landed: the remark the user left alone shows the server's value.
    await waitFor(() => expect((screen.getByTestId('form-remark') as HTMLTextAreaElement).value).toBe('checked'));
    return bridge;
  }

  it('keeps what the user typed when the record read lands after it, and saves that', async () => {
    const bridge = await editWhileReading(
      row('c1', { code: 'CNC', name: 'CNC machines', remark: 'checked', updatedAt: '2026-02-02T00:00:00Z' }),
    );
    expect((screen.getByTestId('form-name') as HTMLInputElement).value).toBe('CNC lathes');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(writes(bridge.requests)[0]).toMatchObject({
      method: 'PUT',
      data: { name: 'CNC lathes', remark: 'checked', updatedAt: '2026-02-02T00:00:00Z' },
    });
  });

  it('saves a typed field the server changed meanwhile with the older updatedAt, so the save meets the conflict', async () => {
    const bridge = await editWhileReading(
      row('c1', { code: 'CNC', name: 'CNC centres', remark: 'checked', updatedAt: '2026-02-02T00:00:00Z' }),
    );
    expect((screen.getByTestId('form-name') as HTMLInputElement).value).toBe('CNC lathes');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(writes(bridge.requests)[0]).toMatchObject({
      method: 'PUT',
      data: { name: 'CNC lathes', updatedAt: '2026-01-01T00:00:00Z' },
    });
  });

  it('refuses a details table with a blank row (SPEC §5) before sending anything', async () => {
    const bridge = fakeBridge(ALL('basic:shift'), 'en', lists([]));
    await renderPage(shift, bridge);
    fireEvent.click(await screen.findByTestId('btn-add'));
    const form = await dialog();
    type('form-code', 'D1');
    type('form-name', 'Day');
    fireEvent.click(screen.getByTestId('form-intervals-add'));
    expect(screen.getByTestId('form-intervals-0-remove')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dialog-ok'));
    expect(await within(form).findByText('Time intervals has rows with no data entered')).toBeTruthy();
    expect(writes(bridge.requests)).toEqual([]);
    // Removing the blank row leaves none: at least one is required.
    fireEvent.click(screen.getByTestId('form-intervals-0-remove'));
    fireEvent.click(screen.getByTestId('dialog-ok'));
    expect(await within(form).findByText('Time intervals needs at least one row')).toBeTruthy();
    expect(writes(bridge.requests)).toEqual([]);
  });
});

describe('ResourcePage: table cells, states and overrides', () => {
  it('shows enum labels, asks before a state change and posts it', async () => {
    const rows = [row('w1', { code: 'WH01', name: 'Raw', type: 'raw', state: 'normal', picking: true })];
    const bridge = fakeBridge(
      [...ALL('basic:warehouse'), 'basic:warehouse:freeze'],
      'en',
      lists(rows, () => rows[0]),
    );
    await renderPage(warehouse, bridge);
    await screen.findByText('WH01');
    const tr = screen.getByText('WH01').closest('tr')!;
    expect(within(tr).getByText('Yes')).toBeTruthy();
    fireEvent.click(screen.getByTestId('status-state-WH01'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(bridge.confirms[0]?.content).toMatch(/from ".+" to ".+"/);
    expect(writes(bridge.requests)[0]).toMatchObject({
      method: 'POST',
      url: '/api/basic-system/warehouse/w1/state',
      data: { field: 'state', value: 'frozen' },
    });
  });

  it('keeps the state a plain tag without the state permission', async () => {
    const rows = [row('w1', { code: 'WH01', name: 'Raw', type: 'raw', state: 'normal', picking: false })];
    const bridge = fakeBridge(ALL('basic:warehouse'), 'en', lists(rows));
    await renderPage(warehouse, bridge);
    await screen.findByText('WH01');
    fireEvent.click(screen.getByTestId('status-state-WH01'));
    await new Promise((r) => setTimeout(r, 50));
    expect(bridge.confirms).toEqual([]);
  });

  it('labels dict cells with the tenant dictionary items', async () => {
    const bridge = fakeBridge(ALL('basic:customer'), 'en', (c) => {
      if (c.url === '/api/basic-system/customer')
        return page([row('k1', { code: 'C0001', name: 'Northwind', category: 'oem' })]);
      if (c.url === '/api/basic-system/customer/options/category')
        return [{ id: 'i1', code: 'oem', name: 'OEM manufacturer' }];
      throw new Error(`unexpected ${c.url}`);
    });
    await renderPage(customer, bridge);
    const tr = (await screen.findByText('C0001')).closest('tr')!;
    await waitFor(() => expect(within(tr).getByText('OEM manufacturer')).toBeTruthy());
    // Read with the screen's own permission: not the dictionaries screen's.
    expect(bridge.requests.some((r) => r.url.startsWith('/api/platform-system/dict'))).toBe(false);
  });

  it('takes cell renderers, toolbar buttons and row actions from overrides', async () => {
    const bridge = fakeBridge(
      ['basic:unit:view'],
      'en',
      lists([row('u1', { code: 'PCS', name: 'Pieces', type: 'quantity', accuracy: 0 })]),
    );
    await renderPage(unit, bridge, {
      cells: { name: (v) => <b data-testid="custom-name">{String(v).toUpperCase()}</b> },
      toolbar: (ctx) => (
        <button
          data-testid="custom-tool"
          onClick={() => void ctx.bridge.notify({ type: 'info', message: `${ctx.selected.length}` })}
        >
          x
        </button>
      ),
      rowActions: (r) => <span data-testid={`custom-action-${String(r.code)}`} />,
    });
    expect((await screen.findByTestId('custom-name')).textContent).toBe('PIECES');
    expect(screen.getByTestId('custom-action-PCS')).toBeTruthy();
    tick('PCS');
    fireEvent.click(screen.getByTestId('custom-tool'));
    await waitFor(() => expect(bridge.notices).toEqual([{ type: 'info', message: '1' }]));
    expect(screen.getByText('Quantity')).toBeTruthy();
  });
});

describe('ResourcePage: import', () => {
  const file = () => new File(['Code,Name\nX,Y\n'], 'units.csv', { type: 'text/csv' });
  const result = (over: Partial<ImportResult>): ImportResult => ({
    dryRun: false,
    total: 2,
    inserted: 2,
    updated: 0,
    errors: [],
    reportId: null,
    jobId: null,
    ...over,
  });

  async function upload(bridge: ReturnType<typeof fakeBridge>, dryRun = false) {
    await renderPage(unit, bridge);
    fireEvent.click(await screen.findByTestId('btn-import'));
    await dialog();
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file()] } });
    if (dryRun) fireEvent.click(screen.getByTestId('import-dry-run'));
    fireEvent.click(screen.getByTestId('import-ok'));
  }

  it('uploads the file as multipart with the dry-run flag and a long timeout, and reports a check', async () => {
    const bridge = fakeBridge(
      ALL('basic:unit'),
      'en',
      lists([], () => result({ dryRun: true })),
    );
    await upload(bridge, true);
    expect((await screen.findByTestId('import-result')).textContent).toBe(
      'The file is valid: 2 rows (2 new, 0 updated)',
    );
    const sent = writes(bridge.requests)[0]!;
    expect(sent).toMatchObject({ method: 'POST', url: '/api/basic-system/unit/import', params: { dryRun: 1 } });
    expect((sent.files?.file as File).name).toBe('units.csv');
    expect(sent.timeout).toBeGreaterThan(60_000);
  });

  it('shows each bad row and downloads the annotated sheet', async () => {
    const bridge = fakeBridge(
      ALL('basic:unit'),
      'en',
      lists([], () => {
        throw apiError(
          400,
          'bad rows',
          result({
            inserted: 0,
            reportId: 'r-1',
            errors: [{ row: 3, field: 'accuracy', key: 'validation.tooLarge', message: 'Accuracy is too large' }],
          }),
        );
      }),
    );
    await upload(bridge);
    expect((await screen.findByTestId('import-result')).textContent).toBe('1 problem found; nothing was imported');
    const cells = within(screen.getByTestId('import-errors'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['3', 'Accuracy', 'Accuracy is too large']);
    fireEvent.click(screen.getByTestId('import-report'));
    await waitFor(() => expect(bridge.downloads).toHaveLength(1));
    expect(bridge.downloads[0]).toMatchObject({ url: '/api/basic-system/unit/import/report/r-1' });
  });

  it('follows a job (202) until it is done', async () => {
    let polls = 0;
    const bridge = fakeBridge(
      ALL('basic:unit'),
      'en',
      lists([], (c) => {
        if (c.url.endsWith('/import'))
          throw apiError(202, 'queued', result({ total: 20000, inserted: 0, jobId: 'j-1' }));
        polls += 1;
        return {
          id: 'j-1',
          resource: 'unit',
          fileName: 'units.csv',
          createdAt: '',
          finishedAt: null,
          total: 20000,
          status: polls < 2 ? 'running' : 'succeeded',
          processed: polls < 2 ? 5000 : 20000,
          result: polls < 2 ? null : result({ total: 20000, inserted: 20000 }),
        };
      }),
    );
    await upload(bridge);
    expect((await screen.findByTestId('import-progress')).textContent).toContain('0 of 20000');
    await waitFor(() => expect(screen.getByTestId('import-progress').textContent).toContain('5000 of 20000'), {
      timeout: 3000,
    });
    expect((await screen.findByTestId('import-result', {}, { timeout: 3000 })).textContent).toBe(
      'Imported 20000 rows (20000 new, 0 updated)',
    );
    expect(bridge.requests.filter((r) => r.url.endsWith('/import/jobs/j-1'))).toHaveLength(2);
  });
});

describe('ResourcePage: tree view of a tree definition', () => {
  it('draws every row nested by its parent, opened fully, and reads all pages of the list', async () => {
    const rows = [
      row('r', { code: 'RAW', name: 'Raw materials', parentId: null, level: 1 }),
      row('c', { code: 'MET', name: 'Metals', parentId: 'r', level: 2 }),
      row('g', { code: 'STL', name: 'Steel', parentId: 'c', level: 3 }),
    ];
    const bridge = fakeBridge(ALL('basic:material-class'), 'en', (c) =>
      /\/options\//.test(c.url)
        ? []
        : (c.method ?? 'GET') === 'GET' && /\/material-class$/.test(c.url)
          ? page(rows)
          : null,
    );
    await renderPage(materialClass, bridge);
    await screen.findByText('Steel');
    fireEvent.click(screen.getByTestId('view-tree').querySelector('input') ?? screen.getByTestId('view-tree'));
    const tree = () => screen.getByTestId('resource-tree');
    await waitFor(() => expect(within(tree()).getByText('STL')).toBeTruthy());
    const rowOf = (code: string) => within(tree()).getByText(code).closest('tr')!;
    const indent = (code: string) =>
      parseFloat(
        (rowOf(code).querySelector('.arco-table-cell-indent') as HTMLElement | null)?.style.paddingLeft || '0',
      );
    // Parents are open, and each level sits further in than the one above.
    expect(['RAW', 'MET', 'STL'].map((c) => rowOf(c).classList.contains('arco-table-row-expanded'))).toEqual([
      true,
      true,
      false,
    ]);
    expect(indent('RAW')).toBeLessThan(indent('MET'));
    expect(indent('MET')).toBeLessThan(indent('STL'));
    // The tree asks for whole pages of the list, not the 20 rows of the first page.
    expect(
      bridge.requests.some(
        (r) => /\/material-class$/.test(r.url) && (r.params as { size?: number } | undefined)?.size === 500,
      ),
    ).toBe(true);
  });
});
