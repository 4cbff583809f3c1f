import { loadChunk } from '../chunks';
import { loadMoreTexts } from '../i18n';

/** A load shared by every caller while it is under way or done; a failed one is tried afresh next time. */
function shared<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/** The guard (menu, token): it loads before the layout, which it may not let the user see. */
export const loadGuard = shared(() => loadChunk(() => import('./Guard')));

/** The layout, with the texts its screens show that the login page does not (`common`, and `model`). */
export const loadLayout = shared(() =>
  Promise.all([loadChunk(() => import('../layout/Layout')), loadMoreTexts()]).then(([m]) => m),
);

/**
 * Starts fetching what comes after the login while its last calls are answered, so the portal
 * does not wait for its own code once they are. Never before the login is pressed: the login page
 * carries the login only.
 */
export function preloadPortal(): void {
  loadGuard().catch(() => undefined);
  loadLayout().catch(() => undefined);
}
