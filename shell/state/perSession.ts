import { store, tokenAtom } from './atoms';

export interface PerSession<T> {
  (key?: string): Promise<T>;
  /** Keeps an answer already known for the session of `token` (and `key`): its callers ask nothing. */
  hold(token: string, answer: T, key?: string): void;
}

/**
 * `load`'s answer, asked once per session (and `key`) and shared by every caller meanwhile; an
 * answer `failed` calls a failure (or a rejection) is asked again by the next caller.
 */
export function perSession<T>(load: () => Promise<T>, failed: (answer: T) => boolean): PerSession<T> {
  let held: { key: string; answer: Promise<T> } | null = null;
  const keyOf = (token: string | null, key: string) => `${token ?? ''}\u0000${key}`;
  const answer = (key = '') => {
    const full = keyOf(store.get(tokenAtom), key);
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
  answer.hold = (token: string, known: T, key = '') => {
    held = { key: keyOf(token, key), answer: Promise.resolve(known) };
  };
  return answer;
}
