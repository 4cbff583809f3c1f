import { useEffect, useState } from 'react';
import { sessionBegun, store, tokenAtom } from '../state/atoms';
import { sessionEnded } from '../api/http';
import { afterPaint } from '../router/afterPaint';
import { rememberLanding } from './prewarm';

/**
 * When the first screen after a login has had its turn: an app's frame has connected and the calls
 * it has made (one at least) have been answered, or MAX_WAIT_MS at most. Loading other apps ahead
 * waits for it (useWarmingAllowed), so it never delays the screen the user asked for. A logout
 * drops what was still waiting.
 */
const MAX_WAIT_MS = 3_000;
/** Calls the screen makes one after another (a list, then its rows) leave this much time between them. */
const SETTLE_MS = 60;

let done = true;
let connected = false;
/** Whether the frame the last login landed on has connected (and been remembered) yet. */
let landed = true;
let inFlight = 0;
let answered = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let settle: ReturnType<typeof setTimeout> | undefined;
let waiters: (() => void)[] = [];

function finish(): void {
  if (done) return;
  done = true;
  clearTimeout(timer);
  clearTimeout(settle);
  const run = waiters;
  waiters = [];
  // A logout under way (the token is forgotten once the server has heard it): the side calls waiting
  // belong to the session it ends.
  if (sessionEnded()) return;
  for (const w of run) w();
}

function maybeDone(): void {
  if (done || !connected || answered === 0 || inFlight > 0) return;
  clearTimeout(settle);
  settle = setTimeout(() => {
    if (connected && inFlight === 0) finish();
  }, SETTLE_MS);
}

// A login whose token was set before this module loaded (its chunk came after the login's answer)
// is a login all the same; a session found at the page's load is not.
let hadSession = Boolean(store.get(tokenAtom)) && !sessionBegun.byLogin;
/** Counts the sessions ended on this page: what one scheduled is not run in the next. */
let ended = 0;
/**
 * A login (a session where there was none): its first screen is waited for again. A logout: the
 * side calls still waiting belonged to the session that ended, and are not made.
 */
function restart(): void {
  const session = Boolean(store.get(tokenAtom));
  const login = session && !hadSession;
  const logout = !session && hadSession;
  hadSession = session;
  if (logout) {
    ended++;
    clearTimeout(timer);
    clearTimeout(settle);
    waiters = [];
    done = true;
    return;
  }
  if (!login) return;
  finish();
  done = false;
  connected = false;
  landed = false;
  inFlight = 0;
  answered = 0;
  timer = setTimeout(finish, MAX_WAIT_MS);
}
store.sub(tokenAtom, restart);
restart();

/**
 * An app's frame, loaded from `src`, has connected. The first shown after a login is where the next
 * login lands, however long it took (a slow first load is when loading it ahead helps most).
 */
export function frameConnected(src: string, shown = true): void {
  if (!landed && shown) {
    landed = true;
    rememberLanding(src);
  }
  connected = true;
  maybeDone();
}

/** Wraps a call an app made through the bridge. */
export function screenCall<T>(call: Promise<T>): Promise<T> {
  if (done) return call;
  inFlight++;
  clearTimeout(settle);
  return call.finally(() => {
    inFlight--;
    answered++;
    maybeDone();
  });
}

/** Resolves once the first screen has had its turn. */
export function afterFirstScreen(): Promise<void> {
  return done
    ? Promise.resolve()
    : new Promise((resolve) => {
        waiters.push(resolve);
      });
}

/**
 * Runs `fn` once the first screen has had its turn and the frame after has painted: what the header
 * reads for itself (counters, favourites, the visit's record) never competes with that screen's calls.
 * Returns a cancel.
 */
export function afterScreen(fn: () => void): () => void {
  const session = ended;
  let dropped = false;
  let cancel: (() => void) | null = null;
  void afterFirstScreen().then(() => {
    // A logout since: the call would go out without the session it was meant for.
    if (!dropped)
      cancel = afterPaint(() => {
        if (session === ended && !sessionEnded()) fn();
      });
  });
  return () => {
    dropped = true;
    cancel?.();
  };
}

/** Whether the first screen has had its turn; turns true once it has. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(done);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
