/** The script-tag API (window.PortalBridge): the same calls as the React hooks, over one shared connection. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectChild, type ConnectedChild, type HostHandlers } from '../../bridge/host';
import { ApiError, connectToHost, type ChildBridge } from '../../bridge/child';
import { createPortalBridgeGlobal } from '../../bridge/global';
import { BRIDGE_VERSION, type BridgeContext, type ModalOutcome } from '../../bridge/protocol';
import { windowPair } from './bridge-harness';

const SHELL = 'http://localhost:8080';
const APP = 'http://localhost:4008';
const context: BridgeContext = {
  path: '/andon/board',
  previousPath: null,
  language: 'en',
  factoryId: 'f-1',
  orgCode: null,
  user: { id: 'u', account: 'admin', nickname: 'Admin', type: 'admin' },
  fontSize: 'medium',
  theme: 'light',
  permissions: ['andon:board:handle'],
  modal: false,
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function setup() {
  const { hostWindow, childWindow } = windowPair(SHELL, APP);
  const handlers = {
    getContext: vi.fn(() => context),
    request: vi.fn(async (c: { url: string }) =>
      c.url === '/api/missing'
        ? { code: 404, msg: 'Not found', data: null }
        : { code: 200, msg: 'ok', data: { url: c.url } },
    ),
    hasPermission: vi.fn(() => true),
    navigate: vi.fn(),
    routeChanged: vi.fn(),
    closeTab: vi.fn(),
    setTitle: vi.fn(),
    notify: vi.fn(),
    confirm: vi.fn(async () => true),
    download: vi.fn(async () => ({ code: 200, msg: '', data: null })),
    reportError: vi.fn(),
    shortcut: vi.fn(),
    setShortcuts: vi.fn(),
    setDirty: vi.fn(),
    openModal: vi.fn(async (): Promise<ModalOutcome> => ({ done: false })),
    closeModal: vi.fn(),
  } satisfies HostHandlers;
  const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods: handlers, timeout: 2000 });
  cleanups.push(() => conn.destroy());
  let shared: Promise<ChildBridge> | null = null;
  let current: ChildBridge | null = null;
  const connects = vi.fn();
  const api = createPortalBridgeGlobal({
    get: () => {
      if (!shared) {
        connects();
        shared = connectToHost({
          remoteWindow: hostWindow,
          allowedOrigins: [SHELL],
          timeout: 2000,
          captureErrors: false,
        }).then((b) => {
          current = b;
          cleanups.push(() => b.destroy());
          return b;
        });
      }
      return shared;
    },
    reset: () => {
      current?.destroy();
      shared = null;
      current = null;
    },
    current: () => current,
  });
  return { api, handlers, conn, connects };
}

describe('window.PortalBridge', () => {
  it('connects once on first use, whichever call comes first', async () => {
    const { api, connects } = setup();
    expect(api.version).toBe(BRIDGE_VERSION);
    expect(api.bridge).toBeNull();
    const [data, allowed, ctx] = await Promise.all([
      api.request<{ url: string }>({ url: '/api/platform-system/notice/list' }),
      api.hasPermission('andon:board:handle'),
      api.getContext(),
    ]);
    expect(data).toEqual({ url: '/api/platform-system/notice/list' });
    expect(allowed).toBe(true);
    expect(await api.hasPermission('andon:board:delete')).toBe(false);
    expect(ctx).toEqual(context);
    expect(connects).toHaveBeenCalledTimes(1);
    expect(api.bridge).not.toBeNull();
    expect(await api.connect()).toBe(api.bridge);
  });

  it('onContext and onActive call back at once, then on every change, until unsubscribed', async () => {
    const { api, conn } = setup();
    const contexts: string[] = [];
    const actives: boolean[] = [];
    const off = api.onContext((c) => contexts.push(c.language));
    api.onActive((a) => actives.push(a));
    const child: ConnectedChild = await conn.promise;
    await api.connect();
    expect(contexts).toEqual(['en']);
    expect(actives).toEqual([true]);
    await child.remote.onContextChange({ ...context, language: 'vi' });
    await child.remote.setActive(false);
    expect(contexts).toEqual(['en', 'vi']);
    expect(actives).toEqual([true, false]);
    off();
    await child.remote.onContextChange({ ...context, language: 'es' });
    expect(contexts).toEqual(['en', 'vi']);
  });

  it('a subscription cancelled before the connection is never made', async () => {
    const { api, conn } = setup();
    const listener = vi.fn();
    const off = api.on('navigate', listener);
    off();
    const child = await conn.promise;
    await api.connect();
    await child.remote.navigate('/andon/board/open');
    expect(listener).not.toHaveBeenCalled();
    const kept = vi.fn();
    api.on('navigate', kept);
    await api.connect();
    await child.remote.navigate('/andon/board/open');
    expect(kept).toHaveBeenCalledWith('/andon/board/open');
  });

  it('forwards every host method and rejects failed answers with ApiError', async () => {
    const { api, handlers } = setup();
    await api.navigate('/system/notice', { newTab: true });
    await api.routeChanged('/andon/board');
    await api.notify({ type: 'success', message: 'ok' });
    expect(await api.confirm({ title: 't', content: 'c' })).toBe(true);
    await api.download({ url: '/api/file', filename: 'f.json' });
    await api.setTitle('Andon');
    await api.closeTab();
    await api.reportError(new Error('broken'));
    handlers.openModal.mockResolvedValueOnce({ done: true, value: { code: 'DEV-0003' } });
    expect(await api.openModal('/basic/device', { drawer: true })).toEqual({ done: true, value: { code: 'DEV-0003' } });
    await api.closeModal(42);
    expect(handlers.openModal).toHaveBeenCalledWith('/basic/device', { drawer: true });
    expect(handlers.closeModal).toHaveBeenCalledWith(42);
    expect(handlers.navigate).toHaveBeenCalledWith('/system/notice', { newTab: true });
    expect(handlers.routeChanged).toHaveBeenCalledWith('/andon/board');
    expect(handlers.notify).toHaveBeenCalledWith({ type: 'success', message: 'ok' });
    expect(handlers.download).toHaveBeenCalledWith({ url: '/api/file', filename: 'f.json' });
    expect(handlers.setTitle).toHaveBeenCalledWith('Andon');
    expect(handlers.closeTab).toHaveBeenCalledTimes(1);
    expect(handlers.reportError.mock.calls[0]![0]).toMatchObject({ message: 'broken' });
    const error = await api.request({ url: '/api/missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.ApiError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 404 });
  });

  it('reset destroys the page connection', async () => {
    const { api, connects } = setup();
    const first = await api.connect();
    api.reset();
    expect(api.bridge).toBeNull();
    await expect(first.setTitle('x')).rejects.toThrow();
    expect(connects).toHaveBeenCalledTimes(1);
  });
});
