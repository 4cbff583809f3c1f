/**
 * When the first screen after a login has had its turn (loading other apps ahead waits for it): an
 * app's frame has connected and its calls have been answered, or three seconds at most; later
 * sessions wait again, and a logout drops what was still waiting.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { store, tokenAtom } from '../../shell/state/atoms';
import { markSessionEnded } from '../../shell/api/http';
import { afterFirstScreen, afterScreen, frameConnected, screenCall } from '../../shell/subapp/firstScreen';

/** Whether `p` has settled by now (its callbacks run on the microtask queue). */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
  store.set(tokenAtom, null);
});
afterEach(() => {
  store.set(tokenAtom, null);
  vi.useRealTimers();
});

describe('the first screen has its turn first', () => {
  it('waits for the frame to connect and for its calls to be answered', async () => {
    store.set(tokenAtom, 'session-1');
    const side = afterFirstScreen();
    frameConnected('http://localhost:14000/home');
    // The next login on this browser loads that frame ahead (subapp/prewarm).
    expect(localStorage.getItem('mes-portal:landing')).toBe('http://localhost:14000/home');
    await vi.advanceTimersByTimeAsync(500);
    // Connected, but the screen has asked for nothing yet: it is still loading its texts.
    expect(await settled(side)).toBe(false);
    let answer!: (v: string) => void;
    const call = screenCall(
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
    );
    await vi.advanceTimersByTimeAsync(500);
    expect(await settled(side)).toBe(false);
    answer('rows');
    await expect(call).resolves.toBe('rows');
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(side)).toBe(true);
    // Once it has had its turn, nothing waits.
    expect(await settled(afterFirstScreen())).toBe(true);
  });

  it('the landing is remembered though its frame connects after the wait, and only the shown one', async () => {
    localStorage.removeItem('mes-portal:landing');
    store.set(tokenAtom, 'session-9');
    await vi.advanceTimersByTimeAsync(3_100);
    // An app loaded ahead in a hidden frame is not where this login landed.
    frameConnected('http://localhost:14008/andon/board', false);
    expect(localStorage.getItem('mes-portal:landing')).toBeNull();
    frameConnected('http://localhost:14000/home');
    expect(localStorage.getItem('mes-portal:landing')).toBe('http://localhost:14000/home');
    // Later frames of the same session are not.
    frameConnected('http://localhost:14001/basic/unit');
    expect(localStorage.getItem('mes-portal:landing')).toBe('http://localhost:14000/home');
    store.set(tokenAtom, null);
  });

  it('a screen that never calls is waited for three seconds at most', async () => {
    store.set(tokenAtom, 'session-2');
    const side = afterFirstScreen();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(await settled(side)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(side)).toBe(true);
  });

  it('a logout drops what was still waiting: it belonged to the session that ended', async () => {
    store.set(tokenAtom, 'session-4');
    const side = afterFirstScreen();
    store.set(tokenAtom, null);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settled(side)).toBe(false);
  });

  it('a side call whose paint a logout came before is not made: it would go out without a session', async () => {
    store.set(tokenAtom, 'session-5');
    await vi.advanceTimersByTimeAsync(3_100);
    const made: string[] = [];
    afterScreen(() => made.push('counters'));
    store.set(tokenAtom, null);
    store.set(tokenAtom, 'session-6');
    await vi.advanceTimersByTimeAsync(3_100);
    expect(made).toEqual([]);
    // The next session's own are made.
    afterScreen(() => made.push('counters of session 6'));
    await vi.advanceTimersByTimeAsync(100);
    expect(made).toEqual(['counters of session 6']);
  });

  it('a logout under way (the server not yet told) drops what waits: the token is about to go', async () => {
    store.set(tokenAtom, 'session-7');
    const side = afterFirstScreen();
    const made: string[] = [];
    afterScreen(() => made.push('favourites'));
    markSessionEnded();
    await vi.advanceTimersByTimeAsync(3_100);
    expect(await settled(side)).toBe(false);
    expect(made).toEqual([]);
    store.set(tokenAtom, null);
  });

  it('between sessions nothing waits; the next login waits again', async () => {
    expect(await settled(afterFirstScreen())).toBe(true);
    store.set(tokenAtom, 'session-3');
    expect(await settled(afterFirstScreen())).toBe(false);
  });
});

describe('a login whose token came before this module', () => {
  it('is waited for as a login; a session found at the page load is not', async () => {
    vi.resetModules();
    const atoms = await import('../../shell/state/atoms');
    // The portal's chunk arrived after the login's answer: the token is there when the module loads.
    atoms.sessionBegun.byLogin = true;
    atoms.store.set(atoms.tokenAtom, 'session-late');
    const late = await import('../../shell/subapp/firstScreen');
    expect(await settled(late.afterFirstScreen())).toBe(false);
    late.frameConnected('http://localhost:14000/home');
    expect(localStorage.getItem('mes-portal:landing')).toBe('http://localhost:14000/home');

    vi.resetModules();
    localStorage.removeItem('mes-portal:landing');
    const reloaded = await import('../../shell/state/atoms');
    reloaded.store.set(reloaded.tokenAtom, 'session-found');
    const found = await import('../../shell/subapp/firstScreen');
    expect(await settled(found.afterFirstScreen())).toBe(true);
    found.frameConnected('http://localhost:14000/platform/dict');
    expect(localStorage.getItem('mes-portal:landing')).toBeNull();
    reloaded.store.set(reloaded.tokenAtom, null);
    atoms.store.set(atoms.tokenAtom, null);
  });
});
