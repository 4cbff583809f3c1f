import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Message } from '@arco-design/web-react';
import { loadChunk } from '../chunks';
import { loadTexts } from '../i18n';
import { LANGUAGES, isLanguage, type Language } from '../../model/languages';
import { endpoints } from '../api/endpoints';
import { corpVersionAtom, tokenAtom } from '../state/atoms';
import { perSession } from '../state/perSession';
import { useLanguage } from '../hooks/useLanguage';

const NATIVE: Record<Language, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
  vi: 'Tiếng Việt',
  es: 'Español',
};

interface Option {
  key: Language;
  label: string;
}

/**
 * The tenant's languages and their labels, asked once per session and corp version: the login
 * page's switch and the layout's, mounted one after the other at login, share the answer.
 */
const languageChoices = perSession(
  () => Promise.all([endpoints.corp(), endpoints.languages()]),
  ([corp]) => corp.code !== 200,
);

// Its pop-up loads at the first click; if that fails, the button stays as it is (the page is usable in its language).
const LanguageDropdown = lazy(() =>
  loadChunk(() => import('./LanguageDropdown')).catch(() => ({
    default: ({ children }: { children: ReactElement }) => children,
  })),
);

/**
 * Switches the language by rewriting the URL's language segment. After login the choices are the
 * corp info's language list, labelled by the language dictionary (SPEC §3, §7).
 */
export function LanguageSwitch({ beforeChange }: { beforeChange?: () => Promise<boolean> } = {}) {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const token = useAtomValue(tokenAtom);
  const corpVersion = useAtomValue(corpVersionAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const [options, setOptions] = useState<Option[]>(LANGUAGES.map((l) => ({ key: l, label: NATIVE[l] })));
  const [allowed, setAllowed] = useState<Language[] | null>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void languageChoices(String(corpVersion)).then(([corp, dict]) => {
      if (cancelled || corp.code !== 200) return;
      const allowed = corp.data.language
        .split(',')
        .map((s) => s.trim())
        .filter(isLanguage);
      const labels = new Map(dict.code === 200 ? dict.data.map((o) => [o.dictKey, o.dictValue]) : []);
      if (allowed.length) {
        setOptions(allowed.map((l) => ({ key: l, label: labels.get(l) ?? NATIVE[l] })));
        setAllowed(allowed);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [token, corpVersion]);

  // A language the tenant does not offer (an old link, or one just disabled) is refused (SPEC §8).
  useEffect(() => {
    if (!allowed || allowed.includes(lang)) return;
    const to = allowed[0]!;
    // Said in the language the user is taken to (its texts first): the refused one is not the tenant's.
    void loadTexts(to)
      .catch(() => undefined)
      .then(() => {
        Message.error(t('language.notConfigured', { lng: to }));
        const rest = location.pathname.replace(/^\/[^/]+/, '');
        navigate(`/${to}${rest}${location.search}`, { replace: true });
      });
  }, [allowed, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  async function choose(next: string) {
    setOpen(false);
    if (!isLanguage(next) || !options.some((o) => o.key === next)) {
      Message.error(t('language.notConfigured'));
      return;
    }
    if (next !== lang && beforeChange && !(await beforeChange())) return;
    const rest = location.pathname.replace(/^\/[^/]+/, '');
    navigate(`/${next}${rest}${location.search}`, { replace: true });
  }

  // Arco's dropdown-menu look without its Menu component, which brings the layout's sider along (the login page shows this).
  const droplist = (
    <div className="arco-dropdown-menu" role="menu">
      {options.map((o) => (
        <div
          key={o.key}
          role="menuitem"
          tabIndex={0}
          data-testid={`lang-${o.key}`}
          aria-current={o.key === lang}
          className={`arco-dropdown-menu-item${o.key === lang ? ' arco-dropdown-menu-selected' : ''}`}
          onClick={() => void choose(o.key)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              void choose(o.key);
            }
          }}
        >
          {o.label}
        </div>
      ))}
    </div>
  );
  const current = options.find((o) => o.key === lang)?.label ?? NATIVE[lang];
  // The name holds the language shown on the button, so a user who says what they see reaches it.
  const button = (
    <Button
      type="text"
      data-testid="language-switch"
      aria-label={`${t('language.switch')}: ${current}`}
      aria-haspopup="menu"
      onClick={
        wanted
          ? undefined
          : () => {
              setWanted(true);
              setOpen(true);
            }
      }
    >
      {current}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageDropdown droplist={droplist} open={open} onOpenChange={setOpen}>
        {button}
      </LanguageDropdown>
    </Suspense>
  );
}
