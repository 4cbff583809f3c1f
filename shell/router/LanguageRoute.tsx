import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useAtom } from 'jotai';
import { isLanguage } from '../../model/languages';
import { i18n, showLanguage } from '../i18n';
import { settingsAtom } from '../state/atoms';
import { rootLanguage } from './rules';

/** Keeps i18n on the URL's language; a first segment that is no language is an unknown path. */
export function LanguageRoute({ children }: { children: ReactNode }) {
  const { lang } = useParams();
  const [settings, setSettings] = useAtom(settingsAtom);
  const valid = isLanguage(lang);
  if (valid && i18n.language !== lang) void showLanguage(lang);
  useEffect(() => {
    if (valid && settings.currentLang !== lang) setSettings({ ...settings, currentLang: lang });
    if (valid) document.documentElement.lang = lang;
  }, [valid, lang, settings, setSettings]);
  if (!valid) {
    const fallback = rootLanguage(settings.currentLang, navigator.languages ?? [navigator.language]);
    return <Navigate to={`/${fallback}/404`} replace />;
  }
  return <>{children}</>;
}
