/**
 * The kit's search form (issue 27: one search form for every screen): what a user types is
 * searched trimmed, a select by its value, a check by the value it stands for; Reset empties the
 * form and searches by nothing; the alarm screen (an engine screen of a definition its feature
 * serves) exports what it found.
 */
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SearchForm } from '../../subapps/kit/SearchForm';
import type { Filters } from '../../subapps/kit/usePagedList';
import { PLATFORM_ROUTES } from '../../subapps/platform/screens';
import { fakeBridge, page, renderScreen, type FakeBridge } from './resource-page-harness';

const AlarmAdmin = PLATFORM_ROUTES['/system/alarm']!;

const show = (ui: ReactElement, bridge: FakeBridge) => renderScreen(ui, bridge, 'platform');

const alarmPages = (b: FakeBridge) => b.requests.filter((r) => r.url === '/api/platform-system/alarm/page');

describe('the search form', () => {
  it('searches the alarms by what was typed, trimmed, and the level chosen; Reset searches by nothing', async () => {
    const bridge = fakeBridge(['system:alarm:view', 'system:alarm:export'], 'en', (c) => {
      if (c.url === '/api/platform-system/alarm/page') return page([]);
      throw new Error(`unexpected ${c.url}`);
    });
    await show(<AlarmAdmin />, bridge);
    await waitFor(() => expect(alarmPages(bridge)).toHaveLength(1));

    const keyword = (await screen.findByTestId('search-keyword')) as HTMLInputElement;
    fireEvent.change(keyword, { target: { value: '  AL-0042  ' } });
    fireEvent.click(screen.getByTestId('btn-search'));
    await waitFor(() => expect(alarmPages(bridge)).toHaveLength(2));
    expect(alarmPages(bridge)[1]!.params).toMatchObject({ keyword: 'AL-0042' });
    // What the typing left stays as typed in the box.
    expect(keyword.value).toBe('  AL-0042  ');

    // The export takes the filters of the search.
    fireEvent.click(screen.getByTestId('btn-export'));
    await waitFor(() => expect(bridge.downloads).toHaveLength(1));
    expect(bridge.downloads[0]!.params).toMatchObject({ keyword: 'AL-0042' });

    fireEvent.click(screen.getByTestId('btn-reset'));
    await waitFor(() => expect(alarmPages(bridge)).toHaveLength(3));
    expect(alarmPages(bridge)[2]!.params?.keyword).toBeUndefined();
    expect(keyword.value).toBe('');
  });

  it('searches by the value a ticked check stands for, and by nothing for blank text', async () => {
    const searched: Filters[] = [];
    await show(
      <SearchForm
        filters={[
          { key: 'keyword', kind: 'text', label: 'Keyword', testId: 'kw' },
          { key: 'overridden', kind: 'check', label: 'Only our own', value: '1', testId: 'own' },
        ]}
        onSearch={(f) => searched.push(f)}
      />,
      fakeBridge([], 'en', () => null),
    );
    fireEvent.change(screen.getByTestId('kw'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('btn-search'));
    await waitFor(() => expect(searched).toHaveLength(1));
    expect(searched[0]).toEqual({});
    fireEvent.click(screen.getByText('Only our own'));
    fireEvent.click(screen.getByTestId('btn-search'));
    await waitFor(() => expect(searched).toHaveLength(2));
    expect(searched[1]).toEqual({ overridden: '1' });
    expect(screen.getByTestId('btn-search').textContent).toBe('Search');
    expect(screen.getByTestId('btn-reset').textContent).toBe('Reset');
  });
});
