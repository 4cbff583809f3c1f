import { StrictMode, useState } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectChild, type HostConnection, type HostHandlers } from '../../bridge/host';
import {
  BridgeProvider,
  getBridge,
  resetBridge,
  useActive,
  useBridge,
  useBridgeContext,
  useBridgeRequest,
  usePermission,
} from '../../bridge/react';
import { BRIDGE_VERSION, type BridgeContext, type ModalOutcome } from '../../bridge/protocol';
import type { ConnectToHostOptions } from '../../bridge/child';
import { windowPair } from './bridge-harness';

const SHELL = 'http://localhost:8080';
const APP = 'http://localhost:4001';

const context: BridgeContext = {
  path: '/basic/material',
  previousPath: null,
  language: 'zh-CN',
  factoryId: 'f-1',
  orgCode: null,
  user: null,
  fontSize: 'medium',
  theme: 'light',
  permissions: ['basic:material:view'],
};

function handlers() {
  return {
    getContext: vi.fn(() => context),
    request: vi.fn(async () => ({ code: 200, msg: 'ok', data: { total: 3 } })),
    hasPermission: vi.fn(() => false),
    navigate: vi.fn(),
    routeChanged: vi.fn(),
    closeTab: vi.fn(),
    setTitle: vi.fn(),
    notify: vi.fn(),
    confirm: vi.fn(async () => false),
    download: vi.fn(async () => ({ code: 200, msg: 'ok', data: null })),
    reportError: vi.fn(),
    shortcut: vi.fn(),
    setShortcuts: vi.fn(),
    setDirty: vi.fn(),
    openModal: vi.fn(async (): Promise<ModalOutcome> => ({ done: false })),
    closeModal: vi.fn(),
  } satisfies HostHandlers;
}

const teardown: (() => void)[] = [];
afterEach(() => {
  cleanup();
  resetBridge();
  for (const t of teardown.splice(0)) t();
});

function setup(): { conn: HostConnection; h: ReturnType<typeof handlers>; options: ConnectToHostOptions } {
  const { hostWindow, childWindow } = windowPair(SHELL, APP);
  const h = handlers();
  const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods: h, timeout: 2000 });
  conn.promise.catch(() => {});
  teardown.push(() => conn.destroy());
  return {
    conn,
    h,
    options: { remoteWindow: hostWindow, allowedOrigins: [SHELL], timeout: 2000, captureErrors: false },
  };
}

function Page() {
  const ctx = useBridgeContext();
  const canAdd = usePermission('basic:material:add');
  const active = useActive();
  const request = useBridgeRequest();
  const bridge = useBridge();
  const [total, setTotal] = useState<number | null>(null);
  return (
    <div>
      <p data-testid="lang">{ctx.language}</p>
      <p data-testid="add">{canAdd ? 'can add' : 'cannot add'}</p>
      <p data-testid="active">{active ? 'active' : 'hidden'}</p>
      <p data-testid="version">{bridge.hostHello.version}</p>
      <button
        onClick={() =>
          void request<{ total: number }>({ url: '/api/basic-system/material' }).then((d) => setTotal(d.total))
        }
      >
        load
      </button>
      <p data-testid="total">{total ?? '-'}</p>
    </div>
  );
}

describe('bridge/react', () => {
  it('connects once under StrictMode and re-renders on context and activation changes', async () => {
    const { conn, h, options } = setup();
    render(
      <StrictMode>
        <BridgeProvider options={options} fallback={<p>connecting</p>}>
          <Page />
        </BridgeProvider>
      </StrictMode>,
    );
    expect(screen.getByText('connecting')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('lang').textContent).toBe('zh-CN'));
    expect(screen.getByTestId('add').textContent).toBe('cannot add');
    expect(screen.getByTestId('active').textContent).toBe('active');
    expect(screen.getByTestId('version').textContent).toBe(BRIDGE_VERSION);
    expect(conn.calls.hello).toBe(1);
    expect(h.getContext).toHaveBeenCalledTimes(1);

    const child = await conn.promise;
    await act(async () => {
      await child.remote.onContextChange({ ...context, language: 'es', permissions: ['basic:material:add'] });
    });
    expect(screen.getByTestId('lang').textContent).toBe('es');
    expect(screen.getByTestId('add').textContent).toBe('can add');

    await act(async () => {
      await child.remote.setActive(false);
    });
    expect(screen.getByTestId('active').textContent).toBe('hidden');

    await act(async () => {
      screen.getByText('load').click();
    });
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('3'));
    expect(h.request).toHaveBeenCalledTimes(1);
    // Still one connection after all the re-renders.
    expect(conn.calls.hello).toBe(1);
  });

  it('getBridge shares one connection between callers', async () => {
    const { conn, options } = setup();
    const [a, b] = await Promise.all([getBridge(options), getBridge(options)]);
    expect(a).toBe(b);
    expect(conn.calls.hello).toBe(1);
  });

  it('shows errorFallback when the connection fails', async () => {
    render(
      <BridgeProvider
        options={{ allowedOrigins: [], captureErrors: false }}
        errorFallback={(e) => <p>failed: {e.message}</p>}
      >
        <Page />
      </BridgeProvider>,
    );
    await waitFor(() => expect(screen.getByText(/failed: connectToHost: no shell origin/)).toBeTruthy());
    expect(screen.queryByTestId('lang')).toBeNull();
  });

  it('useBridge outside a provider throws a clear error', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Page />)).toThrow(/inside <BridgeProvider>/);
    spy.mockRestore();
  });
});
