/**
 * The shell's keyboard shortcuts (since bridge 1.3.0). They work wherever the focus is: a key pressed
 * inside a sub-app's frame never reaches the window around it, so the child bridge recognises these
 * keys itself and hands them to the shell (`HostMethods.shortcut`).
 */
export const SHELL_SHORTCUTS = ['search', 'nextTab', 'previousTab', 'closeTab', 'help', 'shortcuts'] as const;
export type ShellShortcut = (typeof SHELL_SHORTCUTS)[number];

/**
 * A key and its modifiers. `mod` is Ctrl, or ⌘ on Apple systems. A letter is matched by what it
 * types (`key`) unless Alt is held, which changes what it types on a Mac: then by its place (`code`).
 */
export interface KeyChord {
  key?: string;
  code?: string;
  mod?: boolean;
  alt?: boolean;
  shift?: boolean;
  /** Only while the focus is not in a field the user types into (a character such as `?`). */
  notTyping?: boolean;
}

export const SHELL_KEYS: Readonly<Record<ShellShortcut, KeyChord>> = {
  search: { key: 'k', mod: true },
  nextTab: { code: 'PageDown', alt: true },
  previousTab: { code: 'PageUp', alt: true },
  closeTab: { code: 'KeyW', alt: true, shift: true },
  help: { code: 'F1' },
  shortcuts: { key: '?', notTyping: true },
};

type KeyLike = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Whether a key press is `chord` (`typing`: the focus is in a field the user types into). */
export function matchesChord(e: KeyLike, chord: KeyChord, typing: boolean): boolean {
  if (chord.notTyping && typing) return false;
  if (Boolean(chord.mod) !== (e.ctrlKey || e.metaKey) || Boolean(chord.alt) !== e.altKey) return false;
  // A character names its own shift (`?` is Shift+/ on one layout, a key of its own on another).
  if (chord.key !== undefined && chord.key.length === 1 && !/[a-z]/i.test(chord.key)) return e.key === chord.key;
  if (Boolean(chord.shift) !== e.shiftKey) return false;
  if (chord.code !== undefined) return e.code === chord.code;
  return chord.key !== undefined && e.key.toLowerCase() === chord.key.toLowerCase();
}

/** Whether an element takes typed text (an input of text, a text area, a select, an editable region). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as (HTMLElement & { type?: string }) | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return (
    tag === 'input' &&
    !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'image', 'range', 'color'].includes(
      String(el.type ?? 'text'),
    )
  );
}

/** The shell shortcut a key press stands for, or null. */
export function shellShortcutOf(e: KeyLike & { target?: EventTarget | null }): ShellShortcut | null {
  const typing = isTypingTarget(e.target ?? null);
  return SHELL_SHORTCUTS.find((name) => matchesChord(e, SHELL_KEYS[name], typing)) ?? null;
}

/** Whether the keyboard is an Apple one (⌘ instead of Ctrl in labels). */
export const onApplePlatform = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** How a chord is written for people: `Ctrl+K`, `⌘K` on Apple systems, `Alt+PageDown`, `?`. */
export function chordLabel(chord: KeyChord, apple: boolean): string {
  const key = chord.key ?? (chord.code ?? '').replace(/^Key/, '');
  const name = key.length === 1 ? key.toUpperCase() : key;
  if (chord.key && chord.key.length === 1 && !/[a-z]/i.test(chord.key)) return chord.key;
  const mods = [
    chord.mod && (apple ? '⌘' : 'Ctrl'),
    chord.alt && (apple ? '⌥' : 'Alt'),
    chord.shift && (apple ? '⇧' : 'Shift'),
  ].filter(Boolean) as string[];
  return apple ? `${mods.join('')}${name}` : [...mods, name].join('+');
}

/** A shortcut a sub-app handles itself and lists in the shell's shortcut list while its tab is shown. */
export interface AppShortcut {
  /** As the user presses them, e.g. `Alt+Shift+N`. */
  keys: string;
  /** What it does, in the user's language. */
  description: string;
}

/** At most this many app shortcuts are listed; longer texts are cut. */
export const APP_SHORTCUT_LIMITS = { count: 30, keys: 40, description: 120 } as const;

/** The app's list as the shell keeps it: well-formed entries only, within the limits. */
export function cleanAppShortcuts(list: unknown): AppShortcut[] {
  if (!Array.isArray(list)) return [];
  const out: AppShortcut[] = [];
  for (const item of list) {
    const s = item as Partial<AppShortcut> | null;
    if (!s || typeof s.keys !== 'string' || typeof s.description !== 'string' || !s.keys.trim()) continue;
    out.push({
      keys: s.keys.trim().slice(0, APP_SHORTCUT_LIMITS.keys),
      description: s.description.trim().slice(0, APP_SHORTCUT_LIMITS.description),
    });
    if (out.length === APP_SHORTCUT_LIMITS.count) break;
  }
  return out;
}
