import { useParams } from 'react-router-dom';
import { isLanguage, type Language } from '../../model/languages';
import { i18n } from '../i18n';

/** The language of the current URL, else the one i18n is using. */
export function useLanguage(): Language {
  const { lang } = useParams();
  if (isLanguage(lang)) return lang;
  return isLanguage(i18n.language) ? i18n.language : 'zh-CN';
}
