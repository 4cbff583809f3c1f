/**
 * Probes a registered app from the server: offline (nothing answers), hung (a connection but no
 * answer in time), no-bridge (a page without the portal bridge), online. The version comes from
 * the app's `X-App-Version` header or its `<meta name="app-version">`.
 */
import type { ServiceState } from '../../model/helper';

export interface ProbeResult {
  state: ServiceState;
  version: string | null;
  latencyMs: number | null;
}

export const PROBE_TIMEOUT_MS = 3000;
/** What a page joined to the portal carries: the bridge script, or the shell-origin meta the portal's server injects. */
const BRIDGE_MARKS = [/portal-bridge/i, /portal-shell-origin/i];

export async function probeApp(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, { signal: controller.signal, redirect: 'follow', headers: { accept: 'text/html' } });
    const body = (await res.text()).slice(0, 200_000);
    const latencyMs = Math.round(performance.now() - started);
    const version =
      res.headers.get('x-app-version') ??
      /<meta\s+name=["']app-version["']\s+content=["']([^"']{1,64})["']/i.exec(body)?.[1] ??
      null;
    if (!res.ok) return { state: 'offline', version, latencyMs };
    const joined = BRIDGE_MARKS.some((m) => m.test(body));
    return { state: joined ? 'online' : 'no-bridge', version, latencyMs };
  } catch {
    const elapsed = performance.now() - started;
    return {
      state: controller.signal.aborted || elapsed >= timeoutMs ? 'hung' : 'offline',
      version: null,
      latencyMs: null,
    };
  } finally {
    clearTimeout(timer);
  }
}
