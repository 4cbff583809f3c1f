import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ConfigProvider } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from './i18n';
import { FactoryPage, GuardPage, LayoutPage } from './router/portalChunks';
import { settingsAtom } from './state/atoms';
import { arcoLocale } from '../locales/arco';
import { rootLanguage } from './router/rules';
import { LanguageRoute } from './router/LanguageRoute';
import { RouteErrorBoundary } from './router/RouteErrorBoundary';
import { LoginPage } from './pages/LoginPage';
import { ProgressBar } from './components/ProgressBar';
import { ChunkBoundary } from './components/ChunkBoundary';
import { loadChunk } from './chunks';
import { useLanguage } from './hooks/useLanguage';
import { useFontSize } from './hooks/useFontSize';
import { useTheme } from './hooks/useTheme';
import { ShellRouter } from './router/ShellRouter';

// Everything but the login page loads on demand, so the login page comes up with less JavaScript.
// The layout's screens show texts the login page does not (`common`, and `model`: field labels, validation messages).
const Layout = LayoutPage.Component;
const Guard = GuardPage.Component;
const ErrorPage = lazy(() => loadChunk(() => import('./pages/ErrorPage')).then((m) => ({ default: m.ErrorPage })));
const AppDownloadPage = lazy(() =>
  loadChunk(() => import('./pages/AppDownloadPage')).then((m) => ({ default: m.AppDownloadPage })),
);
const SopPage = lazy(() => loadChunk(() => import('./pages/SopPage')).then((m) => ({ default: m.SopPage })));
const FactorySelectPage = FactoryPage.Component;

/** A page loaded on demand, with the shell's message when its chunk cannot be loaded. */
function OnDemand({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </ChunkBoundary>
  );
}

function Shell() {
  return (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <Guard>
          <Layout />
        </Guard>
      </Suspense>
    </ChunkBoundary>
  );
}

function RootRedirect() {
  const settings = useAtomValue(settingsAtom);
  const lang = rootLanguage(settings.currentLang, navigator.languages ?? [navigator.language]);
  return <Navigate to={`/${lang}/login`} replace />;
}

function UnknownPath() {
  const lang = useLanguage();
  return <Navigate to={`/${lang}/404`} replace />;
}

function ErrorRoute({ status }: { status: 401 | 403 | 404 | 500 }) {
  return (
    <OnDemand>
      <ErrorPage status={status} />
    </OnDemand>
  );
}

function Localised() {
  const lang = useLanguage();
  // Drawn again when the language has been switched, by then with Arco's texts of it.
  useTranslation();
  return (
    <ConfigProvider locale={arcoLocale(lang)}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route
          path="app/download"
          element={
            <OnDemand>
              <AppDownloadPage />
            </OnDemand>
          }
        />
        <Route
          path="sop/:id"
          element={
            <OnDemand>
              <SopPage />
            </OnDemand>
          }
        />
        <Route
          path="factory"
          element={
            <OnDemand>
              <FactorySelectPage />
            </OnDemand>
          }
        />
        <Route path="401" element={<ErrorRoute status={401} />} />
        <Route path="403" element={<ErrorRoute status={403} />} />
        <Route path="404" element={<ErrorRoute status={404} />} />
        <Route path="500" element={<ErrorRoute status={500} />} />
        <Route index element={<Shell />} />
        <Route path="*" element={<Shell />} />
      </Routes>
    </ConfigProvider>
  );
}

export function App() {
  useFontSize();
  useTheme();
  return (
    <I18nextProvider i18n={i18n}>
      <ShellRouter>
        <ProgressBar />
        <RouteErrorBoundary>
          <Routes>
            <Route path="/" element={<RootRedirect />} />
            <Route
              path="/:lang/*"
              element={
                <LanguageRoute>
                  <Localised />
                </LanguageRoute>
              }
            />
            <Route path="*" element={<UnknownPath />} />
          </Routes>
        </RouteErrorBoundary>
      </ShellRouter>
    </I18nextProvider>
  );
}
