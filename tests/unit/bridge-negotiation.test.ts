import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowMessenger, connect, type Methods } from 'penpal';
import { connectChild, type HostHandlers } from '../../bridge/host';
import { connectToHost } from '../../bridge/child';
import {
  BRIDGE_PROTOCOL,
  BRIDGE_VERSION,
  BridgeUnsupportedError,
  BridgeVersionError,
  CHILD_CAPABILITIES,
  HOST_CAPABILITIES,
  HOST_FEATURES,
  compareVersions,
  negotiate,
  type BridgeContext,
  type Hello,
} from '../../bridge/protocol';
import { windowPair } from './bridge-harness';

const SHELL = 'http://localhost:8080';
const APP = 'http://localhost:4008';
/** The context of a shell older than 1.2.0: no theme. */
const context: Omit<BridgeContext, 'theme'> = {
  path: '/andon/board',
  previousPath: null,
  language: 'en',
  factoryId: null,
  orgCode: null,
  user: null,
  fontSize: 'medium',
  permissions: [],
};
const hello = (version: string, capabilities: readonly string[]): Hello => ({
  protocol: BRIDGE_PROTOCOL,
  version,
  capabilities: [...capabilities],
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A shell written against an older version: answers `hello` with `version` and offers only `capabilities`. */
function olderHost(childWindow: Window, version: string, capabilities: string[]) {
  const request = vi.fn((config: { url: string }) => ({ code: 200, msg: 'ok', data: { url: config.url } }));
  const methods: Methods = { hello: () => hello(version, capabilities), getContext: () => context, request };
  for (const c of capabilities) if (!(c in methods)) methods[c] = () => undefined;
  const connection = connect({
    messenger: new WindowMessenger({ remoteWindow: childWindow, allowedOrigins: [APP] }),
    methods,
    timeout: 2000,
  });
  connection.promise.catch(() => undefined);
  cleanups.push(() => connection.destroy());
  return { request };
}

describe('version negotiation (pure)', () => {
  it('compares versions numerically, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.1.0', '1.1.0')).toBe(0);
    expect(compareVersions('1.0.9', '1.1.0')).toBeLessThan(0);
    expect(compareVersions('2.0.0', '1.99.99')).toBeGreaterThan(0);
    expect(compareVersions('1.1', '1.1.0')).toBe(0);
  });

  it('another major version is an error naming both versions', () => {
    const outcome = negotiate('1.1.0', hello('2.0.0', CHILD_CAPABILITIES), CHILD_CAPABILITIES);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error).toBeInstanceOf(BridgeVersionError);
      expect(outcome.error.message).toContain('1.1.0');
      expect(outcome.error.message).toContain('2.0.0');
    }
    expect(negotiate('1.1.0', hello('0.9.0', []), []).ok).toBe(false);
    expect(negotiate('1.1.0', hello('banana', []), []).ok).toBe(false);
  });

  it('an older minor lacks the options introduced after it and the methods it did not announce', () => {
    const outcome = negotiate(
      '1.1.0',
      hello(
        '1.0.0',
        HOST_CAPABILITIES.filter((c) => c !== 'download'),
      ),
      [...HOST_CAPABILITIES, ...HOST_FEATURES],
    );
    expect(outcome).toEqual({
      ok: true,
      missing: ['download', 'request.files', 'request.timeout', 'context.theme'],
      remoteNewer: false,
    });
  });

  it('the context theme is known by the version that introduced it, 1.2.0', () => {
    const expected = [...HOST_CAPABILITIES, ...HOST_FEATURES];
    expect(negotiate(BRIDGE_VERSION, hello('1.1.0', HOST_CAPABILITIES), expected)).toEqual({
      ok: true,
      missing: ['context.theme'],
      remoteNewer: false,
    });
    expect(negotiate(BRIDGE_VERSION, hello('1.2.0', HOST_CAPABILITIES), expected)).toEqual({
      ok: true,
      missing: [],
      remoteNewer: false,
    });
    expect(compareVersions(BRIDGE_VERSION, '1.2.0')).toBeGreaterThanOrEqual(0);
  });

  it('a newer minor with everything is complete, and says it is newer', () => {
    const outcome = negotiate('1.1.0', hello('1.4.2', [...HOST_CAPABILITIES, 'somethingNew']), [
      ...HOST_CAPABILITIES,
      ...HOST_FEATURES,
    ]);
    expect(outcome).toEqual({ ok: true, missing: [], remoteNewer: true });
  });
});

describe('version negotiation over the bridge', () => {
  it('a child connected to an older shell works, reports what is missing, and refuses to use it', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const offered = HOST_CAPABILITIES.filter((c) => c !== 'download');
    const { request } = olderHost(childWindow, '1.0.0', offered);
    const onMissing = vi.fn();
    const bridge = await connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 2000,
      captureErrors: false,
      onMissing,
    });
    cleanups.push(() => bridge.destroy());

    expect(bridge.hostHello.version).toBe('1.0.0');
    expect(bridge.missing).toEqual(['download', 'request.files', 'request.timeout', 'context.theme']);
    expect(onMissing).toHaveBeenCalledWith(['download', 'request.files', 'request.timeout', 'context.theme'], '1.0.0');
    expect(bridge.supports('download')).toBe(false);
    expect(bridge.supports('request.files')).toBe(false);
    expect(bridge.supports('confirm')).toBe(true);
    expect(bridge.supports('context.theme')).toBe(false);
    // The old shell's context has no theme: the app is told the light one that shell shows.
    expect(bridge.context.theme).toBe('light');

    // What the old shell offers still works.
    expect(await bridge.request({ url: '/api/notice' })).toEqual({ url: '/api/notice' });
    // What it lacks fails at once with a clear error, without a message to the shell.
    const download = await bridge.download({ url: '/api/file' }).catch((e: unknown) => e);
    expect(download).toBeInstanceOf(BridgeUnsupportedError);
    expect(download).toMatchObject({ part: 'download', hostVersion: '1.0.0' });
    await expect(bridge.request({ url: '/api/upload', files: { f: new Blob(['x']) } })).rejects.toBeInstanceOf(
      BridgeUnsupportedError,
    );
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('a 1.3.0 shell lacks the dialogs: openModal fails at once, and the page is no dialog', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const offered = HOST_CAPABILITIES.filter((c) => c !== 'openModal' && c !== 'closeModal');
    olderHost(childWindow, '1.3.0', offered);
    const bridge = await connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 2000,
      captureErrors: false,
      onMissing: () => undefined,
    });
    cleanups.push(() => bridge.destroy());
    expect(bridge.missing).toEqual(['openModal', 'closeModal']);
    expect(bridge.supports('openModal')).toBe(false);
    const refused = await bridge.openModal('/basic/device').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BridgeUnsupportedError);
    expect(refused).toMatchObject({ part: 'openModal', hostVersion: '1.3.0' });
    await expect(bridge.closeModal('x')).rejects.toBeInstanceOf(BridgeUnsupportedError);
    expect(bridge.context.modal).toBe(false);
  });

  it('without onMissing the child warns once in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    cleanups.push(() => warn.mockRestore());
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    olderHost(childWindow, '1.0.0', [...HOST_CAPABILITIES]);
    const bridge = await connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 2000,
      captureErrors: false,
    });
    cleanups.push(() => bridge.destroy());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(
      `speaks bridge 1.0.0, this page ${BRIDGE_VERSION}; not available: request.files, request.timeout, context.theme`,
    );
  });

  it('the shell connects to an older or partial child and knows what not to call', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const methods = { getContext: () => context } as unknown as HostHandlers;
    const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods, timeout: 2000 });
    cleanups.push(() => conn.destroy());
    const peer = connect({
      messenger: new WindowMessenger({ remoteWindow: hostWindow, allowedOrigins: [SHELL] }),
      methods: {
        hello: () => hello('1.0.0', ['onContextChange', 'navigate']),
        onContextChange: () => undefined,
        navigate: () => undefined,
      },
      timeout: 2000,
    });
    cleanups.push(() => peer.destroy());
    const child = await conn.promise;
    expect(child.missing).toEqual(['refresh', 'logout', 'setActive', 'ping']);
    expect(child.newer).toBe(false);
    expect(child.supports('ping')).toBe(false);
  });

  it('the shell takes a newer-minor child as it is', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const conn = connectChild({
      remoteWindow: childWindow,
      origin: APP,
      methods: { getContext: () => context } as unknown as HostHandlers,
      timeout: 2000,
    });
    cleanups.push(() => conn.destroy());
    const methods: Methods = { hello: () => hello('1.7.0', [...CHILD_CAPABILITIES, 'onThemeChange']) };
    for (const c of CHILD_CAPABILITIES) methods[c] = (x: unknown) => x;
    const peer = connect({
      messenger: new WindowMessenger({ remoteWindow: hostWindow, allowedOrigins: [SHELL] }),
      methods,
      timeout: 2000,
    });
    cleanups.push(() => peer.destroy());
    const child = await conn.promise;
    expect(child).toMatchObject({ missing: [], newer: true, hello: { version: '1.7.0' } });
    expect(await child.remote.ping(42)).toBe(42);
  });
});
