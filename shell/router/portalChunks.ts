import { createElement, lazy, type ComponentType } from 'react';
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

/**
 * A component loaded on demand that renders at once when its chunk has already arrived (preloaded
 * during the login). `React.lazy` alone suspends at its first render even then, and a suspense
 * fallback shown holds back every later reveal by up to 300 ms (React's throttling of fallbacks),
 * which the first screen after a login would wait for.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: ComponentType<P>; preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | null = null;
  const preload = shared(() =>
    load().then((c) => {
      loaded = c;
      return c;
    }),
  );
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  const Component = (props: P) => createElement(loaded ?? (Lazy as unknown as ComponentType<P>), props);
  return { Component, preload };
}

const guardModule = shared(() => loadChunk(() => import('./Guard')));

/** The guard (menu, token): it loads before the layout, which it may not let the user see. */
export const GuardPage = preloadable(() => guardModule().then((m) => m.Guard));

/** Runs `fn` with the guard's module, which carries what a login starts ahead (router/ahead, subapp/prewarm). */
function withGuard(fn: (m: typeof import('./Guard')) => void): void {
  guardModule().then(fn, () => undefined);
}

/** Once a login is answered: the registry and the likely menu, asked for beside the factory list. */
export const askAhead = (token: string, factoryId: string | null, lang: string) =>
  withGuard((m) => m.askAhead(token, factoryId, lang));
/** At the press of "log in": the frame of the screen the last login landed on starts loading. */
export const prewarmOnPress = () => withGuard((m) => m.prewarmLanding());
/** A refused login: that frame goes again. */
export const forgetPrewarmed = () => withGuard((m) => m.dropPrewarmed());

/** The layout, with the texts its screens show that the login page does not (`common`, and `model`). */
export const LayoutPage = preloadable(() =>
  Promise.all([loadChunk(() => import('../layout/Layout')), loadMoreTexts()]).then(([m]) => m.Layout),
);

/** The choice of a factory, shown after a login when the user works in several and none is chosen. */
export const FactoryPage = preloadable(() =>
  loadChunk(() => import('../pages/FactorySelectPage')).then((m) => m.FactorySelectPage),
);

/**
 * Starts fetching what comes after the login while its last calls are answered, so the portal
 * does not wait for its own code once they are. Never before the login is pressed: the login page
 * carries the login only.
 */
export function preloadPortal(): void {
  for (const page of [GuardPage, LayoutPage, FactoryPage]) page.preload().catch(() => undefined);
}
