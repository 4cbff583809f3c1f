import { useEffect, useState } from 'react';
import { search } from '../../model/contract/search';
import type { SearchResult } from '../../model/search';
import { callApi } from '../api/client';

/** Waits this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 200;

export type SearchState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; q: string; result: SearchResult };

/** The answer for the text typed, asked once typing pauses; an answer to an older text is dropped. */
export function useSearch(text: string): SearchState {
  const q = text.trim();
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  useEffect(() => {
    if (!q) {
      setState({ kind: 'idle' });
      return;
    }
    let live = true;
    setState((s) => (s.kind === 'done' ? s : { kind: 'loading' }));
    const timer = setTimeout(() => {
      void callApi(search.everywhere, { query: { q }, showError: false }).then((res) => {
        if (!live) return;
        setState(res.code === 200 ? { kind: 'done', q, result: res.data } : { kind: 'failed', message: res.msg });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);
  return state;
}
