import { useEffect, useRef } from 'react';

/**
 * Escape closes an open drawer wherever the focus is. The drawer hears Escape only while the focus
 * is inside it; after a click on a button that then goes away, the focus falls back to the page.
 * A key pressed inside a dialog on top of the drawer is the dialog's to handle.
 */
export function useEscapeCloses(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (e.target instanceof Element && e.target.closest('.arco-modal-wrapper')) return;
      closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
}
