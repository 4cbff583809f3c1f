import { FRAME_SANDBOX } from './sandbox';

/**
 * The frame of the screen a login is about to land on, loaded while the login is answered.
 *
 * A frame's own code (its HTML, modules and first render) takes longer than the login, the factory
 * list and the menu together. Where the last login on this browser landed is remembered; the next
 * press of "log in" starts loading that screen's frame, hidden and not yet joined to the shell (the
 * bridge connects only once the layout takes the frame in, so no call and no token reaches it
 * before). When the layout opens that very URL, it moves this frame into place with `moveBefore`,
 * which keeps a frame's document where re-inserting it would load it again; anywhere else (another
 * landing, a refused login, a browser without `moveBefore`) the frame is dropped unused.
 */

const LANDING_KEY = 'mes-portal:landing';
/** A frame not taken in within this long (a second login step being typed) is let go. */
const KEEP_MS = 20_000;

interface Movable {
  moveBefore(node: Node, child: Node | null): void;
}

/** Whether this browser moves an element between parents without reloading a frame inside it. */
const canMove = (): boolean => typeof (Element.prototype as Partial<Movable>).moveBefore === 'function';

export interface Prewarmed {
  frame: HTMLIFrameElement;
  /** Whether its page has already loaded (its load event will not come again). */
  loaded: boolean;
}

let held: (Prewarmed & { src: string; holder: HTMLElement; timer: ReturnType<typeof setTimeout> }) | null = null;

/** Remembers the URL the first screen after a login loaded, for the next login on this browser. */
export function rememberLanding(src: string): void {
  try {
    localStorage.setItem(LANDING_KEY, src);
  } catch {
    /* storage full or refused: the next login just loads its frame when the layout asks */
  }
}

/** Whether a login on this browser has landed before (its landing is loaded at the press). */
export const hasLanding = (): boolean => Boolean(localStorage.getItem(LANDING_KEY));

/**
 * Starts loading a landing frame, hidden: the remembered one at the press of "log in", or, on a
 * browser where no login has landed yet, `guess` (the workbench, where logins land by default) once
 * the registry says which app serves it.
 */
export function prewarmLanding(guess?: string): void {
  if (held || !canMove()) return;
  const src = localStorage.getItem(LANDING_KEY) ?? guess;
  if (!src || !/^https?:\/\//.test(src)) return;
  const holder = document.createElement('div');
  holder.className = 'subapp-prewarm';
  holder.setAttribute('aria-hidden', 'true');
  holder.inert = true;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', FRAME_SANDBOX);
  frame.className = 'subapp-iframe';
  frame.tabIndex = -1;
  frame.src = src;
  holder.append(frame);
  document.body.append(holder);
  const mine = { frame, loaded: false, src, holder, timer: setTimeout(dropPrewarmed, KEEP_MS) };
  frame.addEventListener('load', () => (mine.loaded = true), { once: true });
  held = mine;
}

/** Lets the loading frame go (a refused login, or not taken in in time). */
export function dropPrewarmed(): void {
  if (!held) return;
  clearTimeout(held.timer);
  held.holder.remove();
  held = null;
}

/** Whether a frame is loading `src` ahead. */
export const isPrewarmed = (src: string): boolean => held?.src === src;

/**
 * The frame loading `src`, if one is, moved under `parent`; any other is dropped. The caller owns it
 * from here on.
 */
export function adoptPrewarmed(src: string, parent: Element): Prewarmed | null {
  const mine = held;
  if (!mine || mine.src !== src) {
    dropPrewarmed();
    return null;
  }
  clearTimeout(mine.timer);
  held = null;
  (parent as unknown as Movable).moveBefore(mine.frame, null);
  mine.holder.remove();
  mine.frame.tabIndex = 0;
  return { frame: mine.frame, loaded: mine.loaded };
}
