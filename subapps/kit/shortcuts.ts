/**
 * A screen's own keyboard shortcuts: handled while the screen is shown, and listed in the shell's
 * shortcut list (`?`) through the bridge (`setShortcuts`, since 1.3.0).
 */
import { useEffect, useRef } from 'react';
import { useBridge } from '../../bridge/react';
import { chordLabel, isTypingTarget, matchesChord, onApplePlatform, type KeyChord } from '../../bridge/child';
import { useRouteShown } from './routePath';

export interface ScreenShortcut {
  chord: KeyChord;
  /** What it does, in the user's language. */
  description: string;
  run: () => void;
}

export function useScreenShortcuts(shortcuts: ScreenShortcut[]): void {
  const bridge = useBridge();
  const shown = useRouteShown();
  const current = useRef(shortcuts);
  current.current = shortcuts;
  const listed = shortcuts.map((s) => ({ keys: chordLabel(s.chord, onApplePlatform()), description: s.description }));
  const key = JSON.stringify(listed);
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const hit = current.current.find((s) => matchesChord(e, s.chord, isTypingTarget(e.target)));
      if (!hit) return;
      e.preventDefault();
      hit.run();
    };
    window.addEventListener('keydown', onKey);
    const supported = bridge.supports('setShortcuts');
    if (supported) void bridge.setShortcuts(JSON.parse(key) as typeof listed).catch(() => undefined);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (supported) void bridge.setShortcuts([]).catch(() => undefined);
    };
  }, [bridge, shown, key]);
}
