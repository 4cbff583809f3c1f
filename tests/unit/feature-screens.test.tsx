/**
 * The content screens and dictionaries on the resource engine's screen (issue 27: one way to build
 * a screen): their records travel through their features' own routes, a short list comes whole,
 * an add starts from what the screen says, a field the form does not show is sent empty, and a
 * dictionary's details are the same screen beside it.
 */
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BridgeRequestConfig } from '../../bridge/protocol';
import { PLATFORM_ROUTES } from '../../subapps/platform/screens';
import { fakeBridge, page, renderScreen, type FakeBridge } from './resource-page-harness';

const show = (path: string, bridge: FakeBridge) => {
  const Screen = PLATFORM_ROUTES[path]!;
  return renderScreen((<Screen />) as ReactElement, bridge, 'platform');
};
const CRUD = (prefix: string) => ['view', 'add', 'edit', 'delete'].map((v) => `${prefix}:${v}`);
const writes = (requests: BridgeRequestConfig[]) => requests.filter((r) => (r.method ?? 'GET') !== 'GET');
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const at = '2026-03-01T08:00:00.000Z';

describe('courses', () => {
  const COURSES = [
    { id: 'c1', title: 'Safety', description: null, url: 'https://example.org/safety', sort: 1 },
    { id: 'c2', title: 'Labels', description: null, url: '/sop/labels', sort: 2 },
  ];

  it('show every course without a pager, and add the next one after the last', async () => {
    const bridge = fakeBridge(CRUD('system:course'), 'en', (c) => {
      if (c.url === '/api/platform-system/course/list') return { records: COURSES };
      if (c.url === '/api/platform-system/course' && c.method === 'POST') return { ...COURSES[0], id: 'c3' };
      throw new Error(`unexpected ${c.method} ${c.url}`);
    });
    const { container } = await show('/system/course', bridge);
    await screen.findByText('Labels');
    expect(container.querySelector('.arco-pagination')).toBeNull();
    // Nor a sort it does not take: no column offers one or shows one chosen.
    expect(container.querySelector('.arco-table-sorter')).toBeNull();
    expect(container.querySelector('.arco-table-col-sorted')).toBeNull();
    // The list takes no paging: nothing but the call itself.
    expect(bridge.requests[0]!.params ?? {}).toEqual({});

    fireEvent.click(screen.getByTestId('btn-add'));
    const form = await screen.findByRole('dialog');
    expect((within(form).getByTestId('form-url') as HTMLInputElement).value).toBe('https://');
    expect(
      within(form).getByText('A web address, or the path of an attached document on this portal (starting with /)'),
    ).toBeTruthy();
    type('form-title', 'Forklift licence');
    type('form-url', 'https://example.org/forklift');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(writes(bridge.requests)[0]).toMatchObject({
      method: 'POST',
      url: '/api/platform-system/course',
      data: { title: 'Forklift licence', url: 'https://example.org/forklift', sort: 3 },
    });
  });

  it('refuse a link that is neither a web address nor a path here, naming the field', async () => {
    const bridge = fakeBridge(CRUD('system:course'), 'en', () => ({ records: COURSES }));
    await show('/system/course', bridge);
    await screen.findByText('Labels');
    fireEvent.click(screen.getByTestId('btn-add'));
    const form = await screen.findByRole('dialog');
    type('form-title', 'Bad');
    type('form-url', 'javascript:alert(1)');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    expect(await within(form).findByText('Link is not in the right format')).toBeTruthy();
    expect(writes(bridge.requests)).toEqual([]);
  });
});

describe('help and SOP documents', () => {
  const SOP = {
    id: 'h1',
    kind: 'sop',
    routePath: null,
    docKey: '5e0c0000-0000-4000-8000-000000000001',
    language: 'en',
    title: 'Reflow oven start-up',
    content: '<p>Steps</p>',
    updatedAt: at,
  };
  const docs = (bridge: () => FakeBridge) => (c: BridgeRequestConfig) => {
    if (c.url === '/api/platform-system/help-doc/page') return page([SOP]);
    if (c.url === '/api/platform-system/help-doc' && c.method === 'POST') return { ...SOP, id: 'h2' };
    throw new Error(`unexpected ${c.method} ${c.url} (${bridge().requests.length})`);
  };

  it("add an SOP's version in another language under the same key, its kind fixed and no page route sent", async () => {
    let bridge: FakeBridge;
    bridge = fakeBridge(
      CRUD('system:help-doc'),
      'en',
      docs(() => bridge),
    );
    await show('/system/help-doc', bridge);
    const tr = (await screen.findByText('Reflow oven start-up')).closest('tr')!;
    expect(within(tr).getByTestId('sop-link-en').getAttribute('href')).toMatch(/\/en\/sop\/5e0c0000-/);
    fireEvent.click(within(tr).getByTestId('row-add-language'));
    const form = await screen.findByRole('dialog');
    // An SOP has no page route: its field is not on the form.
    expect(within(form).queryByTestId('form-routePath')).toBeNull();
    expect(within(form).getByTestId('form-kind').closest('.arco-select')!.className).toContain('disabled');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(writes(bridge.requests)[0]!.data).toMatchObject({
      kind: 'sop',
      docKey: SOP.docKey,
      language: 'zh-CN',
      title: SOP.title,
      routePath: null,
    });
  });

  it('refuse a help document without its page route', async () => {
    let bridge: FakeBridge;
    bridge = fakeBridge(
      CRUD('system:help-doc'),
      'en',
      docs(() => bridge),
    );
    await show('/system/help-doc', bridge);
    await screen.findByText('Reflow oven start-up');
    fireEvent.click(screen.getByTestId('btn-add'));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByTestId('form-routePath')).toBeTruthy();
    type('form-title', 'Notices');
    fireEvent.click(screen.getByTestId('dialog-ok'));
    expect(await within(form).findByText('Page route is required')).toBeTruthy();
    expect(writes(bridge.requests)).toEqual([]);
  });
});

describe('dictionaries', () => {
  const DICTS = [
    {
      id: 'd1',
      name: 'Supplier category',
      type: 'supplier_category',
      remark: '',
      itemCount: 1,
      createdAt: at,
      updatedAt: at,
    },
  ];
  const items = [{ id: 'i1', dictId: 'd1', label: 'Strategic', value: 'S', sort: 1 }];

  it("show the clicked dictionary's details beside it, and add one through its own route", async () => {
    const bridge = fakeBridge(CRUD('platform:dict'), 'en', (c) => {
      if (c.url === '/api/platform-system/dict') return page(DICTS);
      if (c.url === '/api/platform-system/dict/d1/items' && (c.method ?? 'GET') === 'GET') return items;
      if (c.url === '/api/platform-system/dict/d1/items' && c.method === 'POST')
        return { id: 'i2', dictId: 'd1', label: 'Occasional', value: 'O', sort: 0 };
      throw new Error(`unexpected ${c.method} ${c.url}`);
    });
    await show('/platform/dict', bridge);
    expect(await screen.findByText('Choose a dictionary to see its details')).toBeTruthy();
    fireEvent.click(await screen.findByText('Supplier category'));
    const details = await screen.findByTestId('dict-items');
    expect(await within(details).findByText('Strategic')).toBeTruthy();
    expect(within(details).getByText('Details of "Supplier category"')).toBeTruthy();

    const dictLoads = () => bridge.requests.filter((r) => r.url === '/api/platform-system/dict').length;
    const before = dictLoads();
    fireEvent.click(within(details).getByTestId('btn-add'));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByTestId('form-label'), { target: { value: 'Occasional' } });
    fireEvent.change(within(form).getByTestId('form-value'), { target: { value: 'O' } });
    fireEvent.click(within(form).getByTestId('dialog-ok'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(writes(bridge.requests)[0]).toMatchObject({
      method: 'POST',
      url: '/api/platform-system/dict/d1/items',
      data: { label: 'Occasional', value: 'O', sort: 0 },
    });
    // The dictionaries reload too: their detail counts follow.
    await waitFor(() => expect(dictLoads()).toBeGreaterThan(before));
  });
});

describe('notices', () => {
  it('delete one record a call, through the notice route', async () => {
    const NOTICE = {
      id: 'n1',
      title: 'Shift swap',
      content: '',
      level: 'info',
      factoryIds: [],
      roleIds: ['r1'],
      userIds: [],
      publishAt: at,
      expireAt: null,
      readCount: 3,
      createdAt: at,
    };
    const bridge = fakeBridge(CRUD('system:notice'), 'en', (c) => {
      if (c.url === '/api/platform-system/notice/page') return page([NOTICE]);
      if (c.url === '/api/platform-system/notice/n1' && c.method === 'DELETE') return null;
      throw new Error(`unexpected ${c.method} ${c.url}`);
    });
    await show('/system/notice', bridge);
    const tr = (await screen.findByText('Shift swap')).closest('tr')!;
    expect(within(tr).getByText('Roles: 1')).toBeTruthy();
    fireEvent.click(within(tr).getByTestId('row-delete'));
    await waitFor(() => expect(writes(bridge.requests)).toHaveLength(1));
    expect(writes(bridge.requests)[0]).toMatchObject({ method: 'DELETE', url: '/api/platform-system/notice/n1' });
  });
});
