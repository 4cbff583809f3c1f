import { lazy, Suspense } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { loadChunk } from '../chunks';
import { searchOpenAtom } from './shortcuts';
import { onApplePlatform } from '../../bridge/shortcuts';

// The panel (its list, its calls) loads at the first search, not with the layout.
const SearchPanel = lazy(() =>
  loadChunk(() => import('../search/SearchPanel')).then((m) => ({ default: m.SearchPanel })),
);

/** The header's search box: opens the search panel, as Ctrl+K (⌘K) does from anywhere. */
export function SearchBox() {
  const { t } = useTranslation('shell');
  // Also opened by Ctrl+K (⌘K), in the shell or inside a frame (shortcuts.ts).
  const [open, setOpen] = useAtom(searchOpenAtom);
  return (
    <>
      <Button
        className="header-search"
        icon={<IconSearch />}
        onClick={() => setOpen(true)}
        data-testid="search-open"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
      >
        <span className="header-search-text">{t('search.open')}</span>
        <kbd className="header-search-key">{onApplePlatform() ? '⌘K' : t('search.shortcut')}</kbd>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SearchPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
