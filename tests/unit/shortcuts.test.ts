import { describe, expect, it } from 'vitest';
import { SHELL_KEYS, SHELL_SHORTCUTS, chordLabel, shellShortcutOf } from '../../bridge/shortcuts';

const key = (init: Partial<KeyboardEvent> & { target?: EventTarget | null }) =>
  ({ key: '', code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init }) as KeyboardEvent & {
    target: EventTarget | null;
  };

describe('shell shortcuts', () => {
  it('knows each shortcut by its keys, on any layout', () => {
    expect(shellShortcutOf(key({ key: 'k', code: 'KeyK', ctrlKey: true }))).toBe('search');
    expect(shellShortcutOf(key({ key: 'K', code: 'KeyK', metaKey: true }))).toBe('search');
    expect(shellShortcutOf(key({ key: 'PageDown', code: 'PageDown', altKey: true }))).toBe('nextTab');
    expect(shellShortcutOf(key({ key: 'PageUp', code: 'PageUp', altKey: true }))).toBe('previousTab');
    // Option+Shift+W types „ on a Mac: the key's place decides.
    expect(shellShortcutOf(key({ key: '„', code: 'KeyW', altKey: true, shiftKey: true }))).toBe('closeTab');
    expect(shellShortcutOf(key({ key: 'F1', code: 'F1' }))).toBe('help');
    // `?` is Shift+/ in the US, Shift+ß in Germany: the character decides.
    expect(shellShortcutOf(key({ key: '?', code: 'Minus', shiftKey: true }))).toBe('shortcuts');
  });

  it('leaves other keys and other modifiers alone', () => {
    expect(shellShortcutOf(key({ key: 'k', code: 'KeyK' }))).toBeNull();
    expect(shellShortcutOf(key({ key: 'k', code: 'KeyK', ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shellShortcutOf(key({ key: 'PageDown', code: 'PageDown' }))).toBeNull();
    expect(shellShortcutOf(key({ key: 'W', code: 'KeyW', altKey: true }))).toBeNull();
    expect(shellShortcutOf(key({ key: '?', code: 'Slash', shiftKey: true, ctrlKey: true }))).toBeNull();
  });

  it('types `?` into a field instead of opening the list', () => {
    for (const tag of ['input', 'textarea']) {
      const field = document.createElement(tag);
      expect(shellShortcutOf(key({ key: '?', target: field }))).toBeNull();
      expect(shellShortcutOf(key({ key: 'k', code: 'KeyK', ctrlKey: true, target: field }))).toBe('search');
    }
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(shellShortcutOf(key({ key: '?', target: box }))).toBe('shortcuts');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(editable);
    expect(shellShortcutOf(key({ key: '?', target: editable }))).toBeNull();
    editable.remove();
  });

  it('writes each shortcut as people read it, on a PC and on a Mac', () => {
    const labels = (apple: boolean) => SHELL_SHORTCUTS.map((n) => chordLabel(SHELL_KEYS[n], apple));
    expect(labels(false)).toEqual(['Ctrl+K', 'Alt+PageDown', 'Alt+PageUp', 'Alt+Shift+W', 'F1', '?']);
    expect(labels(true)).toEqual(['⌘K', '⌥PageDown', '⌥PageUp', '⌥⇧W', 'F1', '?']);
  });
});
