/**
 * The tenant's own words: translation overrides (applied to the shell and passed to every sub-app
 * in the bridge context) and the corp info's language list. Both are read again as soon as a
 * sub-app changes them through the shell, so the new words show everywhere without a reload.
 */
import { atom } from 'jotai';
import type { TranslationOverrides } from '../../model/helper';
import { setOverrides } from '../../locales/catalog';
import { contract } from '../api/contract';
import { callApi } from '../api/client';
import { i18n } from '../i18n';
import { corpVersionAtom, store } from './atoms';

export const overridesAtom = atom<TranslationOverrides | null>(null);

let applied = '';

export async function loadOverrides(): Promise<void> {
  const res = await callApi(contract.helper.overrides, { showError: false });
  if (res.code !== 200) return;
  if (res.data.version === applied) return;
  applied = res.data.version;
  await setOverrides(i18n, res.data.texts);
  store.set(overridesAtom, res.data);
}

/** Writes through the shell that change the tenant's words. */
const TEXT_SOURCES = /^\/platform-system\/(translation|language)(\/|$|\?)/;

/** Called after a sub-app's successful write: re-reads what it may have changed. */
export function afterWrite(url: string): void {
  if (!TEXT_SOURCES.test(url)) return;
  void loadOverrides();
  store.set(corpVersionAtom, (n) => n + 1);
}
