import '@arco-design/web-react/es/_util/react-19-adapter';
import '../bridge/page-type.css';
import './shell.css';
import '../bridge/arco-contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isLanguage } from '../model/languages';
import { App } from './App';
import { showLanguage } from './i18n';
import { rootLanguage } from './router/rules';
import { store, themeAtom } from './state/atoms';
import { applyArcoTheme } from '../bridge/theme';

// Pages served over https upgrade their requests (SPEC §2).
if (location.protocol === 'https:') {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = 'upgrade-insecure-requests';
  document.head.appendChild(meta);
}

// The chosen theme before anything paints, so a dark page never flashes light while its texts load.
applyArcoTheme(store.get(themeAtom));

// The page paints once the texts of its language have arrived (a failed download paints anyway;
// the route's language switch tries again).
const first = location.pathname.split('/')[1];
void showLanguage(isLanguage(first) ? first : rootLanguage(null, navigator.languages ?? [navigator.language]))
  .catch(() => undefined)
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
