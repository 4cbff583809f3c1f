import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Input, Modal, Spin } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input/interface';
import { IconSearch } from '@arco-design/web-react/icon';
import { useLanguage } from '../hooks/useLanguage';
import { useEscapeCloses } from '../hooks/useEscapeCloses';
import { SEARCH_MAX_LENGTH } from '../../model/search-limits';
import { requestScreenFocus } from '../subapp/screenFocus';
import { useSearch, type SearchState } from './useSearch';

/** One line of the results, in the order the arrow keys walk them. */
interface Item {
  key: string;
  group: string;
  path: string;
  primary: string;
  secondary: string | null;
}

function itemsOf(state: SearchState, t: TFunction): Item[] {
  if (state.kind !== 'done') return [];
  const menus = state.result.menus.map<Item>((m) => ({
    key: `menu-${m.id}`,
    group: t('search.menus'),
    path: m.path,
    primary: m.name,
    secondary: m.matched ? t('search.alsoNamed', { name: m.matched }) : null,
  }));
  const records = state.result.records.flatMap((g) =>
    g.hits.map<Item>((r) => ({
      key: `${g.resource}-${r.id}`,
      group: g.title,
      path: r.path,
      primary: r.code,
      secondary: r.name,
    })),
  );
  return [...menus, ...records];
}

/**
 * Search everywhere: menu entries by name (in any of the five languages), then records by code or
 * name; a result opens its screen (at the record) in a tab, as the menu does.
 */
export function SearchPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const lang = useLanguage();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<RefInputType>(null);
  const state = useSearch(text);
  const items = useMemo(() => itemsOf(state, t), [state, t]);
  useEscapeCloses(true, onClose);

  const open = (item: Item | undefined) => {
    if (!item) return;
    requestScreenFocus();
    onClose();
    navigate(`/${lang}${item.path}`);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(items[Math.min(active, items.length - 1)]);
    }
  };

  const current = items[Math.min(active, items.length - 1)];
  let body;
  if (state.kind === 'idle') body = <div className="search-note">{t('search.hint')}</div>;
  else if (state.kind === 'loading')
    body = (
      <div className="search-note">
        <Spin size={16} />
      </div>
    );
  else if (state.kind === 'failed')
    body = (
      <div className="search-note" role="alert">
        {state.message}
      </div>
    );
  else if (items.length === 0)
    body = (
      <div className="search-note" role="status">
        {t('search.empty', { q: state.q })}
      </div>
    );
  else {
    body = (
      <ul
        className="search-results"
        role="listbox"
        id="search-results"
        aria-label={t('search.results')}
        data-testid="search-results"
      >
        {items.map((item, i) => (
          <li key={item.key} className="search-result-item" role="presentation">
            {(i === 0 || items[i - 1]!.group !== item.group) && (
              <div className="search-group" aria-hidden="true">
                {item.group}
              </div>
            )}
            <div
              id={`search-item-${i}`}
              role="option"
              aria-selected={item === current}
              className={`search-result${item === current ? ' is-active' : ''}`}
              data-testid="search-result"
              data-path={item.path}
              onMouseEnter={() => setActive(i)}
              onClick={() => open(item)}
            >
              <span className="search-primary">{item.primary}</span>
              {item.secondary && <span className="search-secondary">{item.secondary}</span>}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal
      visible
      title={t('search.title')}
      footer={null}
      onCancel={onClose}
      className="search-panel"
      style={{ width: 640 }}
      alignCenter={false}
      afterOpen={() => input.current?.focus()}
    >
      <div data-testid="search-panel">
        <Input
          ref={input}
          autoFocus
          allowClear
          prefix={<IconSearch />}
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls="search-results"
          aria-activedescendant={current ? `search-item-${items.indexOf(current)}` : undefined}
          onChange={(v) => {
            setText(v);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          data-testid="search-input"
        />
        <div className="search-body">{body}</div>
      </div>
    </Modal>
  );
}
