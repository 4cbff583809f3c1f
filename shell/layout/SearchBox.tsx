import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { loadChunk } from '../chunks';

// The panel (its list, its calls) loads at the first search, not with the layout.
const SearchPanel = lazy(() => loadChunk(() => import('../search/SearchPanel')).then((m) => ({ default: m.SearchPanel })));

/** Ctrl+K, or ⌘K on a Mac. */
export const isSearchKey = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

const onApple = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's search box: opens the search panel, as Ctrl+K (⌘K) does from anywhere in the shell. */
export function SearchBox() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchKey(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button className="header-search" icon={<IconSearch />} onClick={() => setOpen(true)} data-testid="search-open" aria-keyshortcuts="Control+K Meta+K" aria-haspopup="dialog">
        <span className="header-search-text">{t('search.open')}</span>
        <kbd className="header-search-key">{onApple() ? '⌘K' : t('search.shortcut')}</kbd>
      </Button>
      {open && <Suspense fallback={null}><SearchPanel onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
