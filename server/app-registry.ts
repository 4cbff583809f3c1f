/**
 * What the server derives from the sub-application registry (the `app` table): each app's URL, and
 * from those the `frame-src` of the shell's content security policy. Pure, so the registry answer,
 * the CSP and the tests agree on one derivation.
 */

/** The parts of an `app` row the derivation reads. */
export interface RegistryEntry {
  url: string | null;
  port_offset: number | null;
  status: 'enabled' | 'disabled';
}

/** The host a request was made to, as Fastify reports it. */
export interface RequestHost {
  protocol: string;
  hostname: string;
}

/**
 * The URL of a registered app: its own `url` when set (a third-party app at any origin, with an
 * optional base path), else the requested host on the sub-app port `portBase + port_offset`.
 */
export function appUrl(entry: Pick<RegistryEntry, 'url' | 'port_offset'>, host: RequestHost, portBase: number): string {
  const own = entry.url?.trim();
  if (own) return own.replace(/\/+$/, '');
  return `${host.protocol}://${host.hostname}:${portBase + (entry.port_offset ?? 0)}`;
}

/** The exact http(s) origin of a URL, or null for anything else (a registry typo must not widen the policy). */
export function originOfUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (parsed.username || parsed.password) return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/** The origins the shell may frame: those of the enabled apps, each once, sorted. */
export function frameOrigins(entries: readonly RegistryEntry[], host: RequestHost, portBase: number): string[] {
  const origins = new Set<string>();
  for (const entry of entries) {
    if (entry.status !== 'enabled') continue;
    const origin = originOfUrl(appUrl(entry, host, portBase));
    if (origin) origins.add(origin);
  }
  return [...origins].sort();
}

const FIXED = ["object-src 'none'", "base-uri 'none'"];

/** A page served over https has the browser upgrade its plain-http requests (SPEC §2). */
const upgrade = (https: boolean) => (https ? ['upgrade-insecure-requests'] : []);

/**
 * What an HTML page of ours may load and run (SECURITY-TESTS T2.9): scripts only from its own origin
 * (plus the hashes of inline scripts the build itself wrote, if any), never `'unsafe-inline'` or
 * `'unsafe-eval'`; styles from its origin and inline (Arco and React set style attributes and
 * video.js adds a style element; styles cannot run code); images, fonts and media also as data or
 * blob URLs (Vite inlines small assets, previews are made in the browser).
 *
 * Connections go to any http(s) or ws(s) address: Chromium checks `connect-src` before it upgrades
 * a plain-http request on an https page, so a list would refuse the page's own API called over
 * http (SPEC §2 has it upgraded); and a page that ran a foreign script could send what it read by
 * navigation anyway. What keeps the session token is the script policy. (Blob and data URLs: the
 * previews a page makes itself.)
 */
function pagePolicy(opts: {
  scriptHashes?: readonly string[];
  media?: readonly string[];
  assets?: readonly string[];
}): string[] {
  const list = (...xs: (readonly string[] | undefined)[]) => [...new Set(xs.flatMap((x) => x ?? []))].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(["'self'"], opts.assets, opts.scriptHashes)}`,
    `style-src ${list(["'self'"], opts.assets, ["'unsafe-inline'"])}`,
    `img-src ${list(["'self'", 'data:', 'blob:'], opts.media)}`,
    `font-src ${list(["'self'"], opts.assets, ['data:'])}`,
    `media-src ${list(["'self'", 'blob:'], opts.media)}`,
    "connect-src 'self' https: wss: http: ws: blob: data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "form-action 'self'",
  ];
}

export interface PagePolicyOptions {
  /** `'sha256-…'` sources of the inline scripts the served HTML itself holds. */
  scriptHashes?: readonly string[];
  /** The origin a sub-app page loads the build's shared files from (the shell's: `/assets/` only). */
  assets?: readonly string[];
}

/** The shell page's policy: never framed, frames only the registered apps' origins. */
export function shellCsp(origins: readonly string[], https = false, opts: PagePolicyOptions = {}): string {
  return [
    "frame-ancestors 'none'",
    `frame-src ${origins.length ? origins.join(' ') : "'none'"}`,
    ...FIXED,
    ...pagePolicy({ scriptHashes: opts.scriptHashes }),
    ...upgrade(https),
  ].join('; ');
}

/**
 * A sub-app page's policy: framed only by the shell; shows and plays what the shell's origin (the
 * API) serves it, such as preview tickets; frames only its own blob previews.
 */
export function subappCsp(shellOrigins: readonly string[], https = false, opts: PagePolicyOptions = {}): string {
  return [
    `frame-ancestors ${shellOrigins.length ? shellOrigins.join(' ') : "'none'"}`,
    ...FIXED,
    ...pagePolicy({
      scriptHashes: opts.scriptHashes,
      media: shellOrigins,
      assets: opts.assets?.map((o) => `${o}/assets/`),
    }),
    "frame-src 'self' blob:",
    ...upgrade(https),
  ].join('; ');
}
