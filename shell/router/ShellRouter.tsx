import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location } from 'react-router-dom';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

let urgent = false;

/**
 * Moves the address with `move` and renders the new route within the same event, not as a
 * transition: for a move that shows what is already on the page (a kept-alive tab), where a
 * transition's render, yielding frame by frame, only delays the switch.
 */
export function navigateUrgently(move: () => void): void {
  urgent = true;
  try {
    move();
  } finally {
    urgent = false;
  }
}

/**
 * The browser router of the shell: every move of the address renders as a transition (the page
 * being left stays until a route that loads its code is ready), except those made through
 * `navigateUrgently`.
 */
export function ShellRouter({ children }: { children: ReactNode }) {
  const history = useRef<BrowserHistory | null>(null);
  history.current ??= createBrowserHistory({ window, v5Compat: true });
  const [state, setState] = useState<{ action: BrowserHistory['action']; location: Location }>(() => ({
    action: history.current!.action,
    location: history.current!.location,
  }));
  useLayoutEffect(
    () =>
      history.current!.listen(({ action, location }) => {
        // The history tells its listener within push and replace, so `urgent` is still that move's.
        if (urgent) setState({ action, location });
        else startTransition(() => setState({ action, location }));
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history.current}>
      {children}
    </Router>
  );
}
