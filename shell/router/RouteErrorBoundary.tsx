import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorTextAtom, store } from '../state/atoms';
import { i18n } from '../i18n';
import { errorPagePath } from './rules';
import { isLanguage } from '../../model/languages';

interface State {
  failed: boolean;
}

/** A routing or rendering error goes to the 500 page with a timestamp; its text is kept for display. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    store.set(
      errorTextAtom,
      `${error.message}${info.componentStack ? '\n' + info.componentStack.trim().split('\n')[0] : ''}`,
    );
    const lang = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
    window.history.replaceState(null, '', errorPagePath(lang, Date.now()));
    this.setState({ failed: false });
    window.dispatchEvent(new PopStateEvent('popstate'));
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
