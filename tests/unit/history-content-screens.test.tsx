/**
 * The History action of the content screens (issue 25), engine screens of definitions their
 * features serve: a notice's and a feedback's entries show each changed field before → after with
 * the definition's labels and value names in the user's language, ids the entry already names left out.
 */
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '../../model/audit';
import type { FeedbackAdminRow } from '../../model/feedback';
import type { NoticeAdminRow } from '../../model/notice';
import { PLATFORM_ROUTES } from '../../subapps/platform/screens';
import { fakeBridge, page, renderScreen, type FakeBridge, type Handler } from './resource-page-harness';

const NoticeAdmin = PLATFORM_ROUTES['/system/notice']!;
const FeedbackAdmin = PLATFORM_ROUTES['/system/feedback']!;

const HISTORY = 'log:audit-trail:history';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  at: '2026-03-01T08:00:00Z',
  action: 'update',
  entity: 'notice',
  recordId: 'n1',
  recordCode: 'Shift swap',
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

const NOTICE: NoticeAdminRow = {
  id: 'n1',
  title: 'Shift swap',
  content: '<p>From Monday</p>',
  level: 'warning',
  factoryIds: [],
  roleIds: [],
  userIds: [],
  publishAt: '2026-03-01T08:00:00Z',
  expireAt: null,
  readCount: 0,
  createdAt: '2026-03-01T08:00:00Z',
};
const FEEDBACK: FeedbackAdminRow = {
  id: 'f1',
  description: 'Label printer jams',
  contact: null,
  status: 'processed',
  handleOpinion: 'Roller replaced',
  userAccount: 'li.ming',
  userName: 'Li Ming',
  createdAt: '2026-03-01T08:00:00Z',
  handledAt: '2026-03-02T08:00:00Z',
  pictureIds: [],
  inProcess: false,
};

const show = (ui: ReactElement, bridge: FakeBridge) => renderScreen(ui, bridge, 'platform');

async function openHistory(rowText: string) {
  const tr = (await screen.findByText(rowText)).closest('tr')!;
  fireEvent.click(within(tr).getByTestId('row-history'));
  const drawer = await screen.findByTestId('history-drawer');
  await within(drawer).findAllByTestId('history-entry', {}, { timeout: 5000 });
  return drawer;
}

const cells = (drawer: HTMLElement, field: string) =>
  [...drawer.querySelector(`[data-field="${field}"]`)!.querySelectorAll('td')].map((td) => td.textContent);

const noticeScreen =
  (entries: AuditEntry[]): Handler =>
  (c) => {
    if (c.url === '/api/platform-system/notice/page') return page([NOTICE]);
    if (c.url === '/api/platform-system/audit/notice/n1') return { items: entries };
    throw new Error(`unexpected ${c.url}`);
  };

describe('History on the content screens', () => {
  it("names a notice's fields and levels in English, and its roles by their names", async () => {
    const bridge = fakeBridge(['system:notice:view', HISTORY], 'en', (c) => {
      if (c.url === '/api/platform-system/role') {
        return page([
          { id: 'r1', code: 'qe', name: 'Quality engineer' },
          { id: 'r2', code: 'clerk', name: 'Line clerk' },
        ]);
      }
      return noticeScreen([
        entry({
          changes: [
            { field: 'title', before: 'Shift change', after: 'Shift swap' },
            { field: 'level', before: 'info', after: 'warning' },
            { field: 'roleIds', before: [], after: ['r1', 'r2'] },
          ],
        }),
      ])(c);
    });
    await show(<NoticeAdmin />, bridge);
    const drawer = await openHistory('Shift swap');
    expect(bridge.requests.some((r) => r.url === '/api/platform-system/audit/notice/n1')).toBe(true);
    expect(cells(drawer, 'title')).toEqual(['Title', 'Shift change', 'Shift swap']);
    expect(cells(drawer, 'level')).toEqual(['Level', 'Normal', 'Important']);
    await waitFor(() =>
      expect(cells(drawer, 'roleIds')).toEqual(['Roles', '', 'qe Quality engineer, clerk Line clerk']),
    );
  });

  it('shows the same in Chinese', async () => {
    const bridge = fakeBridge(
      ['system:notice:view', HISTORY],
      'zh-CN',
      noticeScreen([entry({ changes: [{ field: 'level', before: 'info', after: 'urgent' }] })]),
    );
    await show(<NoticeAdmin />, bridge);
    const drawer = await openHistory('Shift swap');
    expect(cells(drawer, 'level')).toEqual(['级别', '普通', '紧急']);
  });

  it('hides the history action without the permission', async () => {
    const bridge = fakeBridge(['system:notice:view'], 'en', noticeScreen([]));
    await show(<NoticeAdmin />, bridge);
    await screen.findByText('Shift swap');
    expect(screen.queryByTestId('row-history')).toBeNull();
  });

  it("names a feedback's handling in English and leaves out the handler's id", async () => {
    const bridge = fakeBridge(['system:feedback:view', HISTORY], 'en', (c) => {
      if (c.url === '/api/platform-system/feedback/page') return page([FEEDBACK]);
      if (c.url === '/api/platform-system/audit/feedback/f1') {
        return {
          items: [
            entry({
              entity: 'feedback',
              recordId: 'f1',
              action: 'state',
              changes: [
                { field: 'status', before: 'unprocessed', after: 'processed' },
                { field: 'handleOpinion', before: null, after: 'Roller replaced' },
                { field: 'handledBy', before: null, after: '00000000-0000-4000-8000-00000000000a' },
              ],
            }),
          ],
        };
      }
      throw new Error(`unexpected ${c.url}`);
    });
    await show(<FeedbackAdmin />, bridge);
    const drawer = await openHistory('Label printer jams');
    expect(cells(drawer, 'status')).toEqual(['Status', 'Unprocessed', 'Processed']);
    expect(cells(drawer, 'handleOpinion')).toEqual(['Opinion', '', 'Roller replaced']);
    expect(drawer.querySelector('[data-field="handledBy"]')).toBeNull();
    await waitFor(() => expect(drawer.textContent).not.toContain('00000000-0000-4000-8000-00000000000a'));
  });
});
