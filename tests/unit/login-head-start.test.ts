/**
 * What a login's start no longer waits for: the factory list its answer carried, and, in a sub-app's
 * frame, the texts of the language the app was last shown in, downloaded before the shell's context.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { store, tokenAtom } from '../../shell/state/atoms';
import { holdLoginFactories, sessionFactories } from '../../shell/state/factories';
import { createSubAppI18n } from '../../subapps/kit/i18n';
import { rememberLanguage } from '../../subapps/kit/lastLanguage';
import type { Factory } from '../../model';
import { endpoints } from '../../shell/api/endpoints';

const SUZHOU: Factory = { id: '0b7c9a52-5d0e-4c55-9b1e-4a51f1d3c001', code: 'F001', name: 'Suzhou', status: 'normal' };
const HANOI: Factory = { id: '0b7c9a52-5d0e-4c55-9b1e-4a51f1d3c002', code: 'F002', name: 'Hanoi', status: 'normal' };

afterEach(() => {
  store.set(tokenAtom, null);
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("the factories a login's answer carried", () => {
  it('are the first session need of them, and another session asks the server', async () => {
    const asked = vi
      .spyOn(endpoints, 'factories')
      .mockImplementation(async () => ({ code: 200, msg: '', data: { factoryList: [HANOI] } }));
    holdLoginFactories('token-one', [SUZHOU, HANOI]);
    store.set(tokenAtom, 'token-one');
    expect(await sessionFactories()).toEqual([SUZHOU, HANOI]);
    expect(await sessionFactories()).toEqual([SUZHOU, HANOI]);
    expect(asked).not.toHaveBeenCalled();
    // A session the list was not given for (a reload, another login) asks for its own.
    store.set(tokenAtom, 'token-two');
    expect(await sessionFactories()).toEqual([HANOI]);
    expect(asked).toHaveBeenCalledTimes(1);
  });
});

describe('a sub-app page loads the language it was last shown in at once', () => {
  it('downloads that language before any context names it', async () => {
    rememberLanguage('vi');
    const i18n = createSubAppI18n(['common'], 'common');
    await vi.waitFor(() => expect(i18n.hasResourceBundle('vi', 'common')).toBe(true));
    expect(i18n.hasResourceBundle('es', 'common')).toBe(false);
  });

  it('downloads nothing ahead on a first load, or for a stored value that is no language', async () => {
    const fresh = createSubAppI18n(['common'], 'common');
    localStorage.setItem('mes-portal:subapp-language', 'xx-YY');
    const odd = createSubAppI18n(['common'], 'common');
    await new Promise((r) => setTimeout(r, 50));
    for (const i18n of [fresh, odd])
      expect(i18n.languages.some((l) => i18n.hasResourceBundle(l, 'common'))).toBe(false);
  });
});
