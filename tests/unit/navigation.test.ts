import { describe, expect, it } from 'vitest';
import {
  afterMenuLoad,
  decide,
  errorPagePath,
  inMenu,
  isFullScreenPath,
  isKnownPath,
  isPublicPath,
  rootLanguage,
  splitLanguage,
} from '../../shell/router/rules';

const base = { lang: 'en' as const, token: 'tok', menuLoaded: true, menuPaths: ['/platform/dict', '/basic/unit'] };

describe('navigation rules (SPEC §2)', () => {
  it('shows visual/* full screen, and nothing else', () => {
    expect(isFullScreenPath('/visual/board')).toBe(true);
    expect(isFullScreenPath('/visual')).toBe(true);
    expect(isFullScreenPath('/visualise')).toBe(false);
    expect(isFullScreenPath('/basic/unit')).toBe(false);
  });

  it('lets public routes pass without a token or a menu', () => {
    for (const path of ['/login', '/app/download', '/sop/42', '/401', '/403', '/404', '/500']) {
      expect(isPublicPath(path)).toBe(true);
      expect(decide({ ...base, path, token: null, menuLoaded: false })).toEqual({ kind: 'pass' });
    }
    expect(isPublicPath('/platform/dict')).toBe(false);
    expect(isPublicPath('/sop/1/edit')).toBe(false);
  });

  it('sends an unknown path to 404, with or without a token', () => {
    expect(isKnownPath('/nowhere')).toBe(false);
    expect(decide({ ...base, path: '/nowhere' })).toEqual({ kind: 'redirect', to: '/en/404' });
    expect(decide({ ...base, path: '/nowhere', token: null })).toEqual({ kind: 'redirect', to: '/en/404' });
  });

  it('sends a protected route to login when there is no token', () => {
    expect(decide({ ...base, path: '/platform/dict', token: null })).toEqual({ kind: 'redirect', to: '/en/login' });
  });

  it('asks for the menu when there is a token but no menu yet', () => {
    expect(decide({ ...base, path: '/platform/dict', menuLoaded: false })).toEqual({ kind: 'loadMenu' });
  });

  it('opens a path of the menu, and a route below one', () => {
    expect(decide({ ...base, path: '/platform/dict' })).toEqual({ kind: 'pass' });
    expect(decide({ ...base, path: '/basic/unit/12' })).toEqual({ kind: 'pass' });
    expect(inMenu('/basic/unitx', base.menuPaths)).toBe(false);
  });

  it('sends the landing path to the first allowed menu path, and a screen outside the menu to 403', () => {
    expect(decide({ ...base, path: '/' })).toEqual({ kind: 'redirect', to: '/en/platform/dict' });
    expect(decide({ ...base, path: '/platform/role' })).toEqual({ kind: 'redirect', to: '/en/403' });
  });

  it('sends the user to 403 when the menu allows nothing', () => {
    expect(decide({ ...base, path: '/platform/dict', menuPaths: [] })).toEqual({ kind: 'redirect', to: '/en/403' });
  });

  it('after the menu call: loaded, login on failure, the message kept for the error page on non-200', () => {
    expect(afterMenuLoad('vi', { code: 200, msg: '' })).toEqual({ kind: 'loaded' });
    expect(afterMenuLoad('vi', 'network-error')).toEqual({ kind: 'redirect', to: '/vi/login' });
    expect(afterMenuLoad('vi', { code: 401, msg: 'expired' })).toEqual({ kind: 'redirect', to: '/vi/login' });
    const failed = afterMenuLoad('vi', { code: 500, msg: 'menu broken' });
    expect(failed.kind).toBe('redirect');
    expect(failed).toMatchObject({ errorText: 'menu broken' });
    expect(failed.kind === 'redirect' && failed.to).toMatch(/^\/vi\/500\?t=\d+$/);
  });

  it('a routing error goes to 500 with a timestamp query', () => {
    expect(errorPagePath('es', 1234)).toBe('/es/500?t=1234');
  });

  it('splits the language segment off a path', () => {
    expect(splitLanguage('/zh-TW/platform/dict/')).toEqual({ lang: 'zh-TW', path: '/platform/dict' });
    expect(splitLanguage('/en')).toEqual({ lang: 'en', path: '/' });
    expect(splitLanguage('/fr/platform')).toBeNull();
  });
});

describe('the language of / (SPEC §2)', () => {
  it('prefers the stored current language', () => {
    expect(rootLanguage('vi', ['en-US'])).toBe('vi');
  });
  it('else the first supported browser language', () => {
    expect(rootLanguage(null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(rootLanguage(undefined, ['zh-HK'])).toBe('zh-TW');
    expect(rootLanguage(null, ['zh'])).toBe('zh-CN');
    expect(rootLanguage('klingon', ['en-GB'])).toBe('en');
  });
  it('else the first supported language', () => {
    expect(rootLanguage(null, ['fr', 'de'])).toBe('zh-CN');
    expect(rootLanguage(null, [])).toBe('zh-CN');
  });
});
