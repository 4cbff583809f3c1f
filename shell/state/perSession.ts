import { store, tokenAtom } from './atoms';

/**
 * `load`'s answer, asked once per session (and `key`) and shared by every caller meanwhile; an
 * answer `failed` calls a failure (or a rejection) is asked again by the next caller.
 */
export function perSession<T>(load: () => Promise<T>, failed: (answer: T) => boolean): (key?: string) => Promise<T> {
  let held: { key: string; answer: Promise<T> } | null = null;
  return (key = '') => {
    const full = `${store.get(tokenAtom) ?? ''}\u0000${key}`;
    if (held?.key === full) return held.answer;
    const mine = { key: full, answer: load() };
    held = mine;
    const forget = () => {
      if (held === mine) held = null;
    };
    void mine.answer.then((answer) => {
      if (failed(answer)) forget();
    }, forget);
    return mine.answer;
  };
}
