import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowMessenger, connect, type Methods } from 'penpal';
import { connectChild, originOf, type ConnectedChild, type HostConnection, type HostHandlers } from '../../bridge/host';
import {
  ApiError,
  completeContext,
  connectToHost,
  type ChildBridge,
  type ConnectToHostOptions,
} from '../../bridge/child';
import {
  BRIDGE_PROTOCOL,
  BRIDGE_VERSION,
  BridgeVersionError,
  CHILD_CAPABILITIES,
  HOST_CAPABILITIES,
  type BridgeContext,
  type ConfirmOptions,
  type BridgeRequestConfig,
  type Hello,
  type ModalOutcome,
} from '../../bridge/protocol';
import type { ApiResult } from '../../model/api';
import { windowPair } from './bridge-harness';

const SHELL = 'http://localhost:8080';
const APP = 'http://localhost:4000';
const EVIL = 'http://evil.test:4666';

const baseContext: BridgeContext = {
  path: '/platform/dict',
  previousPath: null,
  language: 'en',
  factoryId: 'f-1',
  orgCode: 'ORG1',
  user: { id: 'u-1', account: 'admin', nickname: 'Admin', type: 'admin' },
  fontSize: 'medium',
  theme: 'light',
  permissions: ['platform:dict:view', 'platform:dict:add'],
  modal: false,
};

function makeHandlers(context: BridgeContext = baseContext) {
  return {
    getContext: vi.fn(() => context),
    request: vi.fn(async (config: BridgeRequestConfig): Promise<ApiResult<unknown>> => {
      if (config.url === '/api/missing') return { code: 404, msg: 'Not found', data: { id: 7 } };
      return {
        code: 200,
        msg: 'ok',
        data: { url: config.url, method: config.method ?? 'GET', params: config.params ?? null },
      };
    }),
    hasPermission: vi.fn((code: string) => context.permissions.includes(code)),
    navigate: vi.fn(),
    routeChanged: vi.fn(),
    closeTab: vi.fn(),
    setTitle: vi.fn(),
    notify: vi.fn(),
    confirm: vi.fn(async (_options: ConfirmOptions) => true),
    download: vi.fn(async (): Promise<ApiResult<null>> => ({ code: 200, msg: 'ok', data: null })),
    reportError: vi.fn(),
    shortcut: vi.fn(),
    setShortcuts: vi.fn(),
    setDirty: vi.fn(),
    openModal: vi.fn(async (): Promise<ModalOutcome> => ({ done: false })),
    closeModal: vi.fn(),
  } satisfies HostHandlers;
}
type Handlers = ReturnType<typeof makeHandlers>;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.head.querySelectorAll('meta[name="portal-shell-origin"]').forEach((m) => m.remove());
});

interface Pair {
  handlers: Handlers;
  conn: HostConnection;
  child: ConnectedChild;
  bridge: ChildBridge;
  onCall: ReturnType<typeof vi.fn>;
  onError: ReturnType<typeof vi.fn>;
}

async function connectBoth(childOptions: ConnectToHostOptions = {}): Promise<Pair> {
  const { hostWindow, childWindow } = windowPair(SHELL, APP);
  const handlers = makeHandlers();
  const onCall = vi.fn();
  const onError = vi.fn();
  const conn = connectChild({
    remoteWindow: childWindow,
    origin: APP,
    methods: handlers,
    timeout: 2000,
    callTimeout: 1000,
    onCall,
    onError,
  });
  cleanups.push(() => conn.destroy());
  const bridgePromise = connectToHost({
    remoteWindow: hostWindow,
    allowedOrigins: [SHELL],
    timeout: 2000,
    captureErrors: false,
    ...childOptions,
  });
  const [child, bridge] = await Promise.all([conn.promise, bridgePromise]);
  cleanups.push(() => bridge.destroy());
  return { handlers, conn, child, bridge, onCall, onError };
}

/** A penpal peer that is not ours: answers hello with whatever version it is given. */
function rawPeer(remoteWindow: Window, allowedOrigin: string, methods: Methods) {
  const connection = connect({
    messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [allowedOrigin] }),
    methods,
    timeout: 2000,
  });
  connection.promise.catch(() => {});
  cleanups.push(() => connection.destroy());
  return connection;
}

const helloOf = (version: string, capabilities: string[] = []): Hello => ({
  protocol: BRIDGE_PROTOCOL,
  version,
  capabilities,
});

describe('bridge: host and child connected', () => {
  it('exchanges hellos with versions and capabilities', async () => {
    const { child, bridge, conn } = await connectBoth();
    expect(child.hello).toEqual({
      protocol: BRIDGE_PROTOCOL,
      version: BRIDGE_VERSION,
      capabilities: CHILD_CAPABILITIES,
    });
    expect(child.origin).toBe(APP);
    expect(child.supports('ping')).toBe(true);
    expect(child.supports('nonexistent' as 'ping')).toBe(false);
    expect(bridge.hostHello).toEqual({
      protocol: BRIDGE_PROTOCOL,
      version: BRIDGE_VERSION,
      capabilities: HOST_CAPABILITIES,
    });
    expect(bridge.supports('confirm')).toBe(true);
    expect(bridge.supports('hello')).toBe(false);
    expect(conn.calls.hello).toBe(1);
  });

  it('fetches the context right after connecting', async () => {
    const { bridge, handlers, conn } = await connectBoth();
    expect(bridge.context).toEqual(baseContext);
    expect(handlers.getContext).toHaveBeenCalledTimes(1);
    expect(conn.calls.getContext).toBe(1);
  });

  it('passes /api requests through to the shell handler and unwraps data', async () => {
    const { bridge, handlers } = await connectBoth();
    const data = await bridge.request<{ url: string; method: string }>({
      method: 'POST',
      url: '/api/basic-system/material',
      data: { code: 'M1' },
    });
    expect(data).toEqual({ url: '/api/basic-system/material', method: 'POST', params: null });
    expect(handlers.request).toHaveBeenCalledTimes(1);
    expect(handlers.request.mock.calls[0]![0]).toEqual({
      method: 'POST',
      url: '/api/basic-system/material',
      data: { code: 'M1' },
    });
  });

  it('rejects a non-200 answer with ApiError carrying code, msg and data', async () => {
    const { bridge } = await connectBoth();
    const error = await bridge.request({ url: '/api/missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 404, msg: 'Not found', data: { id: 7 } });
  });

  it('refuses paths outside /api without calling the shell handler', async () => {
    const { bridge, handlers, conn } = await connectBoth();
    const refused = { code: 400, msg: 'Path not allowed through the bridge', data: null };
    expect(await bridge.host.request({ url: 'https://evil.test/steal' })).toEqual(refused);
    expect(await bridge.host.request({ url: '/admin/users' })).toEqual(refused);
    expect(await bridge.host.request({ url: '/api/../admin' })).toEqual(refused);
    expect(await bridge.host.download({ url: '//evil.test/api/x' })).toEqual(refused);
    const error = await bridge.request({ url: '/login' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, msg: 'Path not allowed through the bridge', data: null });
    expect(handlers.request).not.toHaveBeenCalled();
    expect(handlers.download).not.toHaveBeenCalled();
    expect(conn.calls.request).toBe(4);
    expect(conn.calls.download).toBe(1);
  });

  it('answers hasPermission synchronously from the context', async () => {
    const { bridge, handlers } = await connectBoth();
    expect(bridge.hasPermission('platform:dict:add')).toBe(true);
    expect(bridge.hasPermission('platform:dict:delete')).toBe(false);
    expect(handlers.hasPermission).not.toHaveBeenCalled();
    expect(await bridge.host.hasPermission('platform:dict:view')).toBe(true);
    expect(handlers.hasPermission).toHaveBeenCalledWith('platform:dict:view');
  });

  it('forwards navigate, routeChanged, setTitle, notify, closeTab, reportError and download', async () => {
    const { bridge, handlers, conn } = await connectBoth();
    await bridge.navigate('/basic/material', { newTab: true, title: 'Material' });
    await bridge.navigate('/basic/unit');
    await bridge.routeChanged('/platform/dict/2');
    await bridge.setTitle('Dictionary');
    await bridge.notify({ type: 'success', message: 'Saved' });
    await bridge.closeTab();
    await bridge.reportError(new Error('child broke'));
    await bridge.download({ url: '/api/basic-system/material/export', filename: 'm.xlsx' });
    expect(handlers.navigate.mock.calls).toEqual([
      ['/basic/material', { newTab: true, title: 'Material' }],
      ['/basic/unit'],
    ]);
    expect(handlers.routeChanged).toHaveBeenCalledWith('/platform/dict/2');
    expect(handlers.setTitle).toHaveBeenCalledWith('Dictionary');
    expect(handlers.notify).toHaveBeenCalledWith({ type: 'success', message: 'Saved' });
    expect(handlers.closeTab).toHaveBeenCalledTimes(1);
    expect(handlers.reportError.mock.calls[0]![0]).toMatchObject({ message: 'child broke' });
    expect(handlers.download).toHaveBeenCalledWith({ url: '/api/basic-system/material/export', filename: 'm.xlsx' });
    expect(conn.calls.navigate).toBe(2);
  });

  it('confirm answers what the shell dialog answered', async () => {
    const { bridge, handlers } = await connectBoth();
    expect(await bridge.confirm({ title: 'Delete?', content: 'Delete 3 rows' })).toBe(true);
    handlers.confirm.mockResolvedValueOnce(false);
    expect(await bridge.confirm({ title: 'Delete?', content: 'Delete 1 row', okText: 'Yes' })).toBe(false);
    expect(handlers.confirm.mock.calls[1]![0]).toEqual({ title: 'Delete?', content: 'Delete 1 row', okText: 'Yes' });
  });

  it('a throwing shell handler rejects in the child with a plain message only', async () => {
    const { bridge, handlers, onError } = await connectBoth();
    const original = new Error('title store unavailable');
    handlers.setTitle.mockImplementationOnce(() => {
      throw original;
    });
    const error = (await bridge.setTitle('x').catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('title store unavailable');
    expect(error.stack).toBe('Error: title store unavailable');
    expect(error.stack).not.toMatch(/host\.ts|bridge\.test|at /);
    expect(onError).toHaveBeenCalledWith(original);
    handlers.notify.mockRejectedValueOnce('just a string');
    await expect(bridge.notify({ type: 'info', message: 'm' })).rejects.toThrow('just a string');
    await expect(bridge.setTitle('y')).resolves.toBeUndefined();
  });

  it('reports every call to onCall with its duration', async () => {
    const { bridge, onCall } = await connectBoth();
    await bridge.setTitle('t');
    const methods = onCall.mock.calls.map((c) => c[0]);
    expect(methods).toEqual(['hello', 'getContext', 'setTitle']);
    for (const [, ms, failed] of onCall.mock.calls) {
      expect(typeof ms).toBe('number');
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(failed).toBe(false);
    }
  });

  it('onContextChange updates the context and reaches the listeners', async () => {
    const onContextChange = vi.fn();
    const { child, bridge } = await connectBoth({ methods: { onContextChange } });
    const seen: BridgeContext[] = [];
    const unsubscribe = bridge.on('context', (ctx) => seen.push(ctx));
    const next: BridgeContext = {
      ...baseContext,
      language: 'vi',
      factoryId: 'f-2',
      permissions: ['platform:dict:delete'],
    };
    await child.remote.onContextChange(next);
    expect(seen).toEqual([next]);
    expect(bridge.context).toEqual(next);
    expect(bridge.hasPermission('platform:dict:delete')).toBe(true);
    expect(bridge.hasPermission('platform:dict:add')).toBe(false);
    expect(onContextChange).toHaveBeenCalledWith(next);
    unsubscribe();
    await child.remote.onContextChange({ ...next, fontSize: 'large' });
    expect(seen).toHaveLength(1);
    expect(bridge.context.fontSize).toBe('large');
    await child.remote.onContextChange({ ...next, theme: 'dark' });
    expect(bridge.context.theme).toBe('dark');
  });

  it('navigate, refresh, logout and setActive from the shell reach the listeners', async () => {
    const refresh = vi.fn();
    const { child, bridge } = await connectBoth({ methods: { refresh } });
    const events: [string, unknown][] = [];
    bridge.on('navigate', (p) => events.push(['navigate', p]));
    bridge.on('refresh', () => events.push(['refresh', null]));
    bridge.on('logout', () => events.push(['logout', null]));
    bridge.on('active', (a) => events.push(['active', a]));
    expect(bridge.active).toBe(true);
    await child.remote.navigate('/platform/dict/5');
    await child.remote.refresh();
    await child.remote.setActive(false);
    expect(bridge.active).toBe(false);
    await child.remote.setActive(true);
    await child.remote.logout();
    expect(events).toEqual([
      ['navigate', '/platform/dict/5'],
      ['refresh', null],
      ['active', false],
      ['active', true],
      ['logout', null],
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('ping answers its argument', async () => {
    const { child } = await connectBoth();
    expect(await child.remote.ping(1234567)).toBe(1234567);
    const now = Date.now();
    expect(await child.remote.ping(now)).toBe(now);
  });

  it('destroy on the child stops its listeners and its calls', async () => {
    const { child, bridge, handlers } = await connectBoth();
    const listener = vi.fn();
    bridge.on('context', listener);
    bridge.destroy();
    await expect(bridge.setTitle('after')).rejects.toThrow();
    expect(handlers.setTitle).not.toHaveBeenCalled();
    // The host hears of it (penpal's DESTROY message) and its calls fail fast, not after a timeout.
    await new Promise((r) => setTimeout(r, 30));
    await expect(child.remote.ping(1)).rejects.toMatchObject({ code: 'CONNECTION_DESTROYED' });
    await expect(child.remote.onContextChange({ ...baseContext, language: 'es' })).rejects.toThrow();
    expect(listener).not.toHaveBeenCalled();
    expect(bridge.context.language).toBe('en');
  });

  it('forwards uncaught errors and unhandled rejections to reportError unless opted out', async () => {
    const { bridge, handlers } = await connectBoth({ captureErrors: true });
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    const rejection = new Event('unhandledrejection');
    Object.defineProperty(rejection, 'reason', { value: new Error('lost promise') });
    window.dispatchEvent(rejection);
    await vi.waitFor(() => expect(handlers.reportError).toHaveBeenCalledTimes(2));
    expect(handlers.reportError.mock.calls.map((c) => (c[0] as { message: string }).message)).toEqual([
      'boom',
      'lost promise',
    ]);
    bridge.destroy();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after destroy', error: new Error('after destroy') }));
    await new Promise((r) => setTimeout(r, 30));
    expect(handlers.reportError).toHaveBeenCalledTimes(2);
  });

  it('does not capture errors when captureErrors is false', async () => {
    const { handlers } = await connectBoth({ captureErrors: false });
    window.dispatchEvent(new ErrorEvent('error', { message: 'ignored', error: new Error('ignored') }));
    await new Promise((r) => setTimeout(r, 30));
    expect(handlers.reportError).not.toHaveBeenCalled();
  });

  it('the child reads the shell origin from <meta name="portal-shell-origin">', async () => {
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'portal-shell-origin');
    meta.setAttribute('content', SHELL);
    document.head.appendChild(meta);
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods: makeHandlers(), timeout: 2000 });
    cleanups.push(() => conn.destroy());
    const bridge = await connectToHost({ remoteWindow: hostWindow, timeout: 2000, captureErrors: false });
    cleanups.push(() => bridge.destroy());
    expect(bridge.context.path).toBe('/platform/dict');
  });
});

describe('bridge: a screen of another app as a dialog (1.4.0)', () => {
  it('openModal hands the path and options to the shell and answers how the dialog ended', async () => {
    const { bridge, handlers } = await connectBoth();
    handlers.openModal.mockResolvedValueOnce({
      done: true,
      value: { resource: 'device', id: 'd-3', code: 'DEV-0003', name: 'Reflow oven' },
    });
    expect(await bridge.openModal('/basic/device', { size: 'large', title: 'Pick a device' })).toEqual({
      done: true,
      value: { resource: 'device', id: 'd-3', code: 'DEV-0003', name: 'Reflow oven' },
    });
    expect(handlers.openModal).toHaveBeenCalledWith('/basic/device', { size: 'large', title: 'Pick a device' });
    // Dismissed by the user: nothing comes back.
    expect(await bridge.openModal('/basic/device')).toEqual({ done: false });
    expect(handlers.openModal.mock.calls[1]).toEqual(['/basic/device']);
  });

  it("the shell's refusal reaches the opener as an error with its reason", async () => {
    const { bridge, handlers } = await connectBoth();
    handlers.openModal.mockRejectedValueOnce(new Error('Cannot open /platform/x: it is not in your menu'));
    await expect(bridge.openModal('/platform/x')).rejects.toThrow('Cannot open /platform/x: it is not in your menu');
  });

  it('closeModal hands its value over, or none', async () => {
    const { bridge, handlers } = await connectBoth();
    await bridge.closeModal({ code: 'DEV-0001', when: new Date(0) });
    await bridge.closeModal();
    expect(handlers.closeModal.mock.calls).toEqual([[{ code: 'DEV-0001', when: new Date(0) }], []]);
  });

  it('the context says whether the frame is a dialog; a context without it (an older shell) is no dialog', async () => {
    const { bridge } = await connectBoth();
    expect(bridge.context.modal).toBe(false);
    expect(completeContext({ ...baseContext, modal: true }).modal).toBe(true);
    const { modal: _omitted, ...older } = baseContext;
    expect(completeContext(older).modal).toBe(false);
  });
});

describe('bridge: version mismatch', () => {
  it('the host rejects a child of another major version and destroys the connection', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const handlers = makeHandlers();
    const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods: handlers, timeout: 2000 });
    cleanups.push(() => conn.destroy());
    const childHello = vi.fn(() => helloOf('2.0.0', ['ping']));
    const peer = rawPeer(hostWindow, SHELL, { hello: childHello, ping: (n: number) => n });
    const error = await conn.promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeVersionError);
    expect(error).toMatchObject({ local: BRIDGE_VERSION, remote: '2.0.0' });
    expect(childHello).toHaveBeenCalledTimes(1);
    // The host is gone: the peer's calls fail instead of reaching the handlers.
    const remote = (await peer.promise) as unknown as { getContext(): Promise<unknown> };
    await expect(remote.getContext()).rejects.toThrow();
    expect(handlers.getContext).not.toHaveBeenCalled();
  });

  it('the child rejects a host of another major version', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const getContext = vi.fn(() => baseContext);
    const hostHello = vi.fn(() => helloOf('0.9.0', ['getContext']));
    rawPeer(childWindow, APP, { hello: hostHello, getContext });
    const error = await connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 2000,
      captureErrors: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeVersionError);
    expect(error).toMatchObject({ local: BRIDGE_VERSION, remote: '0.9.0' });
    expect(hostHello).toHaveBeenCalledTimes(1);
    expect(getContext).not.toHaveBeenCalled();
  });

  it('the host rejects a page that does not speak the bridge', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods: makeHandlers(), timeout: 2000 });
    cleanups.push(() => conn.destroy());
    rawPeer(hostWindow, SHELL, { hello: () => ({ hi: true }) });
    await expect(conn.promise).rejects.toThrow(/did not answer the mes-portal-bridge hello/);
  });
});

describe('bridge: origins', () => {
  it('a child on a foreign origin never connects and reaches no handler', async () => {
    const { hostWindow, childWindow, host, child } = windowPair(SHELL, EVIL);
    const handlers = makeHandlers();
    const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods: handlers, timeout: 300 });
    cleanups.push(() => conn.destroy());
    // The impostor runs our own child code and trusts the shell: only the host's origin check stands in the way.
    const childPromise = connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 300,
      captureErrors: false,
    });
    const [hostResult, childResult] = await Promise.allSettled([conn.promise, childPromise]);
    expect(hostResult.status).toBe('rejected');
    expect((hostResult as PromiseRejectedResult).reason).toMatchObject({ code: 'CONNECTION_TIMEOUT' });
    expect(childResult.status).toBe('rejected');
    // Messages did flow both ways (so the test exercised the origin check, not a broken harness).
    expect(host.received.length).toBeGreaterThan(0);
    expect(child.received.length).toBeGreaterThan(0);
    expect(Object.values(conn.calls).every((n) => n === 0)).toBe(true);
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });

  it('a page on the right origin but in another window is ignored too', async () => {
    const { hostWindow } = windowPair(SHELL, APP);
    const { childWindow: otherFrame } = windowPair(SHELL, APP);
    const handlers = makeHandlers();
    const conn = connectChild({ remoteWindow: otherFrame, origin: APP, methods: handlers, timeout: 300 });
    cleanups.push(() => conn.destroy());
    const childPromise = connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 300,
      captureErrors: false,
    });
    const [hostResult, childResult] = await Promise.allSettled([conn.promise, childPromise]);
    expect(hostResult).toMatchObject({ status: 'rejected', reason: { code: 'CONNECTION_TIMEOUT' } });
    expect(childResult).toMatchObject({ status: 'rejected', reason: { code: 'CONNECTION_TIMEOUT' } });
    expect(conn.calls.hello).toBe(0);
    expect(handlers.getContext).not.toHaveBeenCalled();
  });

  it('a child refuses a shell on another origin than it allows', async () => {
    const { hostWindow, childWindow } = windowPair(EVIL, APP);
    const handlers = makeHandlers();
    const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods: handlers, timeout: 300 });
    cleanups.push(() => conn.destroy());
    const childPromise = connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 300,
      captureErrors: false,
    });
    const [childResult, hostResult] = await Promise.allSettled([childPromise, conn.promise]);
    expect(childResult).toMatchObject({ status: 'rejected', reason: { code: 'CONNECTION_TIMEOUT' } });
    expect(hostResult).toMatchObject({ status: 'rejected', reason: { code: 'CONNECTION_TIMEOUT' } });
    expect(handlers.getContext).not.toHaveBeenCalled();
  });

  it('connectChild throws synchronously for a wildcard, a pattern, a path or a non-http origin', () => {
    const { childWindow } = windowPair(SHELL, APP);
    const methods = makeHandlers();
    const attempt = (origin: unknown) => () =>
      connectChild({ remoteWindow: childWindow, origin: origin as string, methods });
    expect(attempt('*')).toThrow(TypeError);
    expect(attempt('http://*.example.com')).toThrow(TypeError);
    expect(attempt(/localhost/)).toThrow(TypeError);
    expect(attempt('http://localhost:4000/platform')).toThrow(/without path/);
    expect(attempt('http://localhost:4000/')).toThrow(/without path/);
    expect(attempt('http://localhost:4000?x=1')).toThrow(TypeError);
    expect(attempt('ftp://localhost:4000')).toThrow(/http or https/);
    expect(attempt('javascript:alert(1)')).toThrow(TypeError);
    expect(attempt('localhost:4000')).toThrow(TypeError);
    expect(attempt('')).toThrow(TypeError);
    const ok = connectChild({ remoteWindow: childWindow, origin: APP, methods, timeout: 50 });
    ok.promise.catch(() => {});
    ok.destroy();
  });

  it('originOf turns a registered app URL into its exact origin', () => {
    expect(originOf('http://localhost:4000/platform/dict?x=1')).toBe(APP);
    expect(originOf('https://apps.example.com')).toBe('https://apps.example.com');
    expect(() => originOf('ftp://x.example.com/a')).toThrow();
  });

  it('connectToHost without an allowed origin rejects with a clear error', async () => {
    const { hostWindow } = windowPair(SHELL, APP);
    await expect(connectToHost({ remoteWindow: hostWindow, captureErrors: false })).rejects.toThrow(/no shell origin/);
    await expect(connectToHost({ remoteWindow: hostWindow, allowedOrigins: [], captureErrors: false })).rejects.toThrow(
      /no shell origin/,
    );
    await expect(
      connectToHost({ remoteWindow: hostWindow, allowedOrigins: ['*'], captureErrors: false }),
    ).rejects.toThrow(TypeError);
    await expect(connectToHost({ remoteWindow: hostWindow, allowedOrigins: [`${SHELL}/shell`] })).rejects.toThrow(
      TypeError,
    );
  });

  it('connectToHost outside an iframe rejects instead of waiting for a timeout', async () => {
    await expect(connectToHost({ allowedOrigins: [SHELL], captureErrors: false })).rejects.toThrow(
      /not inside the portal shell/,
    );
  });
});

describe('bridge paths (T2.10)', () => {
  const refusedPaths = [
    '/api/../x',
    '/api/%2e%2e/x',
    '/api/%2e%2e/en/login',
    '/api/.%2e/x',
    '/api/%2E%2E/x',
    '/api/%2F..%2Fx',
    '/api/a/%2f/b',
    '/api/%5C..%5Cx',
    '/api/./x',
    '/api/%2e/x',
    '/api//x',
    '/api/a/..',
    '/api/a/%2e%2e',
    '/api/%00/x',
    '/api/%zz',
    'https://evil.test/api/x',
    'http://localhost:8080/api/x',
    '//evil.test/api/x',
    '/\\evil.test/api/x',
    '/apix',
    '/api',
    'api/x',
    '/API/x',
    '/api/x\\..\\y',
    '/api/\tx',
    ' /api/x',
  ];
  const allowedPaths = [
    '/api/platform-system/user',
    '/api/basic-system/unit/00000000-0000-4000-8000-000000000000',
    '/api/a.b/c~d_e-f',
    '/api/x?next=../y',
    '/api/x?url=https://evil.test',
    '/api/%E4%B8%AD',
  ];

  it('allows exactly the paths that normalise to themselves under /api/', async () => {
    const { isAllowedApiPath } = await import('../../bridge/protocol');
    for (const p of refusedPaths) expect(isAllowedApiPath(p), p).toBe(false);
    for (const p of allowedPaths) expect(isAllowedApiPath(p), p).toBe(true);
  });

  it('refuses every such path without sending anything to the shell handler', async () => {
    const { bridge, handlers, conn } = await connectBoth();
    const refused = { code: 400, msg: 'Path not allowed through the bridge', data: null };
    for (const url of refusedPaths) {
      expect(await bridge.host.request({ url }), url).toEqual(refused);
      expect(await bridge.host.download({ url }), url).toEqual(refused);
    }
    expect(handlers.request).not.toHaveBeenCalled();
    expect(handlers.download).not.toHaveBeenCalled();
    expect(conn.calls.request).toBe(refusedPaths.length);
  });
});

describe('bridge: shell shortcuts pressed inside the frame (1.3.0)', () => {
  const press = (init: KeyboardEventInit, target: EventTarget = window) => {
    const e = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(e);
    return e;
  };

  it("hands the shell's keys to the shell and keeps them from the page; other keys stay the page's", async () => {
    const { handlers, bridge } = await connectBoth();
    const pageSaw: string[] = [];
    const onPage = (e: KeyboardEvent) => pageSaw.push(e.key);
    window.addEventListener('keydown', onPage);
    try {
      expect(press({ key: 'k', code: 'KeyK', ctrlKey: true }).defaultPrevented).toBe(true);
      press({ key: 'PageDown', code: 'PageDown', altKey: true });
      press({ key: 'F1', code: 'F1' });
      press({ key: '?', code: 'Slash', shiftKey: true });
      // Typed into a field, `?` is a character; Ctrl+K is still the search.
      const input = document.createElement('input');
      document.body.append(input);
      expect(press({ key: '?', code: 'Slash', shiftKey: true }, input).defaultPrevented).toBe(false);
      press({ key: 'k', code: 'KeyK', metaKey: true }, input);
      input.remove();
      expect(press({ key: 'a', code: 'KeyA' }).defaultPrevented).toBe(false);
      await vi.waitFor(() => expect(handlers.shortcut).toHaveBeenCalledTimes(5));
      expect(handlers.shortcut.mock.calls.map((c) => c[0])).toEqual([
        'search',
        'nextTab',
        'help',
        'shortcuts',
        'search',
      ]);
      expect(pageSaw).toEqual(['?', 'a']);
    } finally {
      window.removeEventListener('keydown', onPage);
    }
    // The app's own list reaches the shell cleaned: blank keys left out, long texts cut.
    await bridge.setShortcuts([
      { keys: 'Alt+Shift+N', description: 'Add a record' },
      { keys: ' ', description: 'nothing' },
      { keys: 'F9', description: 'x'.repeat(500) },
    ]);
    expect(handlers.setShortcuts).toHaveBeenCalledWith([
      { keys: 'Alt+Shift+N', description: 'Add a record' },
      { keys: 'F9', description: 'x'.repeat(120) },
    ]);
    bridge.destroy();
    press({ key: 'F1', code: 'F1' });
    await new Promise((r) => setTimeout(r, 50));
    expect(handlers.shortcut).toHaveBeenCalledTimes(5);
  });

  it('leaves the keys to the page when asked to', async () => {
    const { handlers } = await connectBoth({ shellShortcuts: false });
    expect(press({ key: 'F1', code: 'F1' }).defaultPrevented).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(handlers.shortcut).not.toHaveBeenCalled();
  });
});
