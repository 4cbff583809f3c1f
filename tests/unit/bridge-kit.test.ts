/** The pure parts of the integrator kit: iframe budget, CSP and URL derivation from the registry, app routes. */
import { describe, expect, it } from 'vitest';
import { MAX_LIVE_FRAMES, liveApps, touch, warmApps } from '../../shell/subapp/lru';
import { appUrl, frameOrigins, originOfUrl, shellCsp, subappCsp, type RegistryEntry } from '../../server/app-registry';
import { frameUrl, ownsPath } from '../../shell/subapp/appRoutes';

describe('live iframe budget (least recently used)', () => {
  it('keeps everything within the cap, in the order the apps were opened', () => {
    expect(liveApps(['a', 'b', 'c'], ['c', 'a', 'b'], 'b', 6)).toEqual(['a', 'b', 'c']);
    expect(MAX_LIVE_FRAMES).toBe(6);
  });

  it('beyond the cap unloads the least recently shown hidden apps first', () => {
    const open = ['a', 'b', 'c', 'd', 'e'];
    // Shown in the order a, b, c, d, e: a and b are the least recent.
    expect(liveApps(open, ['a', 'b', 'c', 'd', 'e'], 'e', 3)).toEqual(['c', 'd', 'e']);
    // Showing a again makes b and c the least recent.
    expect(liveApps(open, touch(['a', 'b', 'c', 'd', 'e'], 'a'), 'a', 3)).toEqual(['a', 'd', 'e']);
  });

  it('never unloads the shown app, even if it was never recorded', () => {
    expect(liveApps(['a', 'b', 'c'], ['b', 'c'], 'a', 1)).toEqual(['a']);
    expect(liveApps(['a', 'b', 'c'], ['a', 'b', 'c'], 'a', 2)).toEqual(['a', 'c']);
  });

  it('never unloads an app holding unsaved changes: the others give way', () => {
    const open = ['a', 'b', 'c', 'd', 'e'];
    expect(liveApps(open, ['a', 'b', 'c', 'd', 'e'], 'e', 3, new Set(['a']))).toEqual(['a', 'd', 'e']);
    // Even beyond the cap.
    expect(liveApps(open, ['a', 'b', 'c', 'd', 'e'], 'e', 2, new Set(['a', 'b']))).toEqual(['a', 'b', 'e']);
  });

  it('a cap below one still keeps the shown app', () => {
    expect(liveApps(['a', 'b'], ['a', 'b'], 'b', 0)).toEqual(['b']);
  });

  it('loads ahead only apps not open, and only in the room the open ones leave under the cap', () => {
    expect(warmApps(['a', 'b', 'c'], ['a'], 1, 6)).toEqual(['b', 'c']);
    expect(warmApps(['a', 'b', 'c', 'd'], ['x', 'y'], 2, 3)).toEqual(['a']);
    // The open apps fill the cap: nothing is loaded ahead.
    expect(warmApps(['a', 'b'], ['x', 'y', 'z'], 3, 3)).toEqual([]);
    expect(warmApps(['a'], [], 0)).toEqual(['a']);
  });

  it('touch moves an app to the most recent end', () => {
    expect(touch(['a', 'b', 'c'], 'a')).toEqual(['b', 'c', 'a']);
    expect(touch(['a', 'b'], 'b')).toEqual(['a', 'b']);
    expect(touch([], 'x')).toEqual(['x']);
  });
});

describe('registry → URLs and content security policy', () => {
  const host = { protocol: 'http', hostname: 'mes.example.com' };
  const rows: RegistryEntry[] = [
    { url: null, port_offset: 0, status: 'enabled' },
    { url: null, port_offset: 8, status: 'enabled' },
    { url: 'https://andon.vendor.example/portal/', port_offset: null, status: 'enabled' },
    // spc and dcm share one port: one origin.
    { url: null, port_offset: 7, status: 'enabled' },
    { url: null, port_offset: 7, status: 'enabled' },
    { url: 'https://off.example', port_offset: null, status: 'disabled' },
    { url: 'javascript:alert(1)', port_offset: null, status: 'enabled' },
    { url: 'https://user:secret@evil.example', port_offset: null, status: 'enabled' },
  ];

  it('an app without its own URL is on the requested host at the sub-app port of its offset', () => {
    expect(appUrl({ url: null, port_offset: 8 }, host, 4000)).toBe('http://mes.example.com:4008');
    expect(appUrl({ url: null, port_offset: null }, host, 14000)).toBe('http://mes.example.com:14000');
  });

  it('a registered URL (any origin, with a base path) wins, without a trailing slash', () => {
    expect(appUrl({ url: 'https://andon.vendor.example/portal/', port_offset: 3 }, host, 4000)).toBe(
      'https://andon.vendor.example/portal',
    );
  });

  it('frame-src lists each enabled http(s) origin once, and nothing a typo could widen', () => {
    expect(frameOrigins(rows, host, 4000)).toEqual([
      'http://mes.example.com:4000',
      'http://mes.example.com:4007',
      'http://mes.example.com:4008',
      'https://andon.vendor.example',
    ]);
    expect(originOfUrl('ftp://x.example')).toBeNull();
    expect(originOfUrl('not a url')).toBeNull();
  });

  it('the shell is never framed and frames only the registered origins; sub-apps are framed only by the shell', () => {
    expect(shellCsp(['http://a:1', 'https://b'])).toMatch(
      /^frame-ancestors 'none'; frame-src http:\/\/a:1 https:\/\/b; object-src 'none'; base-uri 'none'; /,
    );
    expect(shellCsp([])).toMatch(/^frame-ancestors 'none'; frame-src 'none'; object-src 'none'; base-uri 'none'; /);
    expect(subappCsp(['http://shell:8080'])).toMatch(
      /^frame-ancestors http:\/\/shell:8080; object-src 'none'; base-uri 'none'; /,
    );
    expect(subappCsp([])).toContain("frame-ancestors 'none'");
    expect(shellCsp(['https://b'], true)).toMatch(
      /^frame-ancestors 'none'; frame-src https:\/\/b; .*; upgrade-insecure-requests$/,
    );
    expect(subappCsp(['https://shell'], true)).toMatch(/; upgrade-insecure-requests$/);
  });

  it('lets pages run only their own scripts, and reach only what they need (T2.9)', () => {
    const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
    const shell = directives(shellCsp(['http://a:1'], false, { scriptHashes: ["'sha256-abc='"] }));
    const sub = directives(subappCsp(['http://shell:8080']));
    for (const d of [shell, sub]) {
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('script-src')?.[0]).toBe("'self'");
      expect(d.get('script-src')).not.toContain("'unsafe-inline'");
      expect(d.get('script-src')).not.toContain("'unsafe-eval'");
      expect(d.get('style-src')).toContain("'self'");
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('base-uri')).toEqual(["'none'"]);
    }
    expect(shell.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    // A sub-app shows and plays what the shell's origin serves it (preview tickets).
    expect(sub.get('media-src')).toContain('http://shell:8080');
    expect(sub.get('frame-src')).toEqual(["'self'", 'blob:']);
    expect(sub.get('img-src')).toContain('http://shell:8080');
  });
});

describe('app routes', () => {
  it('the frame URL is the registered URL followed by the route', () => {
    expect(frameUrl('http://localhost:4008', '/andon/board')).toBe('http://localhost:4008/andon/board');
    expect(frameUrl('https://apps.example.com/mes/', '/andon/board/alarm/7')).toBe(
      'https://apps.example.com/mes/andon/board/alarm/7',
    );
    expect(frameUrl('https://apps.example.com/mes', 'andon')).toBe('https://apps.example.com/mes/andon');
  });

  it('an app may only claim routes under its own prefixes', () => {
    const prefixes = ['andon'];
    expect(ownsPath(prefixes, '/andon/board/open')).toBe(true);
    expect(ownsPath(prefixes, '/platform/user')).toBe(false);
    expect(ownsPath(prefixes, 'andon/board')).toBe(false);
    expect(ownsPath(prefixes, '//evil.example/andon')).toBe(false);
    expect(ownsPath(prefixes, '/andonx/board')).toBe(false);
  });
});
