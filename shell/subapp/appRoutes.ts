/** Where an app's routes live: the URL its frame loads for a route, and which routes are its own. */

/**
 * The URL a sub-app frame loads for a portal route: the registered URL (an origin, or an origin with
 * a base path for an app hosted below one) followed by the route, e.g.
 * `frameUrl('https://apps.example.com/mes', '/andon/board')` → `https://apps.example.com/mes/andon/board`.
 */
export function frameUrl(appUrl: string, path: string): string {
  const base = new URL(appUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return new URL(`${prefix}${path.startsWith('/') ? path : `/${path}`}`, base.origin).toString();
}

/** Whether a route belongs to an app (a child may only move the address bar within its own prefixes). */
export function ownsPath(prefixes: readonly string[], path: string): boolean {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    prefixes.includes(path.split('/')[1] ?? '')
  );
}
