/** Health of a sub-app connection: heartbeat, reload and refusal detection, the notices of each state. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectChild, type HostHandlers } from '../../bridge/host';
import { connectToHost } from '../../bridge/child';
import type { BridgeContext } from '../../bridge/protocol';
import { HEARTBEAT_MISSES, healthNotice, startHeartbeat, within, type AppHealth } from '../../shell/subapp/health';
import { installRefusedLogger, refusal, registerFrame } from '../../shell/subapp/refused';
import { windowPair } from './bridge-harness';

const SHELL = 'http://localhost:8080';
const APP = 'http://localhost:4008';
const EVIL = 'http://127.0.0.2:4666';
const context: BridgeContext = {
  path: '/andon/board',
  previousPath: null,
  language: 'en',
  factoryId: null,
  orgCode: null,
  user: null,
  fontSize: 'small',
  theme: 'light',
  permissions: [],
};
const methods = { getContext: () => context, setTitle: vi.fn() } as unknown as HostHandlers;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  vi.useRealTimers();
});

describe('health notices', () => {
  it('gives each failing state its own message and retry, and none to the working ones', () => {
    const notices = (['offline', 'noBridge', 'hung', 'reloaded', 'incompatible'] as AppHealth[]).map(healthNotice);
    expect(new Set(notices.map((n) => n?.title)).size).toBe(5);
    expect(notices.map((n) => n?.retry)).toEqual(['probe', 'reload', 'reload', 'reload', 'reload']);
    // A legacy page without the bridge still shows, under a banner.
    expect(healthNotice('noBridge')?.overlay).toBe('banner');
    expect(healthNotice('offline')?.overlay).toBe('page');
    for (const ok of ['probing', 'connecting', 'connected'] as AppHealth[]) expect(healthNotice(ok)).toBeNull();
  });
});

describe('heartbeat', () => {
  it('declares the app hung after the allowed misses, and alive again when it answers', async () => {
    vi.useFakeTimers();
    let answering = true;
    const ping = vi.fn((sentAt: number) =>
      answering ? Promise.resolve(sentAt) : new Promise<number>(() => undefined),
    );
    const onChange = vi.fn();
    cleanups.push(startHeartbeat({ ping, onChange, intervalMs: 1000, timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(onChange).not.toHaveBeenCalled();
    answering = false;
    await vi.advanceTimersByTimeAsync(1000 * HEARTBEAT_MISSES + 600);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(false);
    answering = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('a wrong answer counts as a miss; stopping ends the pings', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const ping = vi.fn(async () => 1);
    const stop = startHeartbeat({ ping, onChange, intervalMs: 100, timeoutMs: 50, misses: 2 });
    await vi.advanceTimersByTimeAsync(250);
    expect(onChange).toHaveBeenCalledWith(false);
    stop();
    const calls = ping.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(ping.mock.calls.length).toBe(calls);
  });

  it('within rejects a promise that does not settle in time', async () => {
    vi.useFakeTimers();
    const late = within(new Promise(() => undefined), 100);
    const caught = late.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(150);
    expect(await caught).toBeInstanceOf(Error);
    await expect(within(Promise.resolve(7), 100)).resolves.toBe(7);
  });
});

describe('reload and refusal detection', () => {
  it('a new handshake from the frame after the connection means its page was replaced: the shell is told once', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, APP);
    const onReload = vi.fn();
    const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods, timeout: 2000, onReload });
    cleanups.push(() => conn.destroy());
    const bridge = await connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 2000,
      captureErrors: false,
      onMissing: () => undefined,
    });
    cleanups.push(() => bridge.destroy());
    const child = await conn.promise;
    // What a reloaded page's bridge sends first, from the same frame window (posted to the shell's window).
    const syn = (participantId: string) =>
      hostWindow.postMessage({ namespace: 'penpal', type: 'SYN', participantId }, { targetOrigin: SHELL });
    expect(await child.remote.ping(3)).toBe(3);
    expect(onReload).not.toHaveBeenCalled();
    syn('the-new-page');
    await vi.waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
    syn('the-new-page');
    syn('yet-another-page');
    await new Promise((r) => setTimeout(r, 20));
    expect(onReload).toHaveBeenCalledTimes(1);
    // The old connection is gone: its calls fail at once instead of waiting for a dead page.
    await expect(child.remote.ping(1)).rejects.toThrow();
  });

  it('a handshake from the frame on another origin is reported as refused, once per origin', async () => {
    const { hostWindow, childWindow } = windowPair(SHELL, EVIL);
    const onRefused = vi.fn();
    const conn = connectChild({ remoteWindow: childWindow, origin: APP, methods, timeout: 300, onRefused });
    conn.promise.catch(() => undefined);
    cleanups.push(() => conn.destroy());
    const child = connectToHost({
      remoteWindow: hostWindow,
      allowedOrigins: [SHELL],
      timeout: 300,
      captureErrors: false,
    });
    await expect(child).rejects.toMatchObject({ code: 'CONNECTION_TIMEOUT' });
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(onRefused).toHaveBeenCalledWith(EVIL);
  });

  it('the shell logs bridge messages from windows that are not app frames, or from the wrong origin', () => {
    const frame = {} as Window;
    const stranger = {} as Window;
    const forget = registerFrame(frame, APP);
    cleanups.push(forget);
    expect(refusal(frame, APP)).toBeNull();
    expect(refusal(frame, EVIL)).toBe(`${EVIL} is not the registered origin ${APP} of that frame`);
    expect(refusal(stranger, EVIL)).toBe(`${EVIL} is not an app frame of the portal`);
    expect(refusal(null, EVIL)).toBeNull();

    const log = vi.fn();
    cleanups.push(installRefusedLogger(log));
    const post = (source: Window, origin: string, data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source } as MessageEventInit));
    post(stranger, EVIL, { namespace: 'penpal', type: 'SYN', participantId: 'x' });
    post(stranger, EVIL, { namespace: 'penpal', type: 'SYN', participantId: 'y' });
    post(stranger, EVIL, { hello: 'not the bridge' });
    post(frame, APP, { namespace: 'penpal', type: 'SYN', participantId: 'z' });
    expect(log.mock.calls).toEqual([
      [`[shell] bridge: refused a connection: ${EVIL} is not an app frame of the portal`],
    ]);
    forget();
    expect(refusal(frame, APP)).toBe(`${APP} is not an app frame of the portal`);
  });
});
