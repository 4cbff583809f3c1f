/**
 * The shell's shortcuts (bridge/shortcuts.ts) wherever the focus is: pressed in the shell they are
 * heard here; pressed inside a sub-app's frame, its bridge hands them over (`shortcut`). The layout
 * says what each does; the search panel, the help drawer and the shortcut list open through atoms.
 */
import { useEffect, useRef } from 'react';
import { atom } from 'jotai';
import { shellShortcutOf, type AppShortcut, type ShellShortcut } from '../../bridge/shortcuts';

export const searchOpenAtom = atom(false);
export const helpOpenAtom = atom(false);
export const shortcutListOpenAtom = atom(false);
/** Each sub-app's own shortcuts (`setShortcuts`), by app id. */
export const appShortcutsAtom = atom<Record<string, AppShortcut[]>>({});

type Handler = (name: ShellShortcut) => void;
let handler: Handler | null = null;

/** Runs a shell shortcut (from a key in the shell or from a frame). */
export function runShortcut(name: ShellShortcut): void {
  handler?.(name);
}

/** Makes `handle` what the shell's shortcuts do, and listens to the keys pressed in the shell. */
export function useShellShortcuts(handle: Handler): void {
  const ref = useRef(handle);
  ref.current = handle;
  useEffect(() => {
    const own: Handler = (name) => ref.current(name);
    handler = own;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const name = shellShortcutOf(e);
      if (!name) return;
      e.preventDefault();
      own(name);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (handler === own) handler = null;
    };
  }, []);
}
