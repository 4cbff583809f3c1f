import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ConfigProvider } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';
import { settingsAtom } from './state/atoms';
import { arcoLocale } from '../locales/arco';
import { rootLanguage } from './router/rules';
import { LanguageRoute } from './router/LanguageRoute';
import { Guard } from './router/Guard';
import { RouteErrorBoundary } from './router/RouteErrorBoundary';
import { LoginPage } from './pages/LoginPage';
import { ErrorPage } from './pages/ErrorPage';
import { AppDownloadPage } from './pages/AppDownloadPage';
import { SopPage } from './pages/SopPage';
import { FactorySelectPage } from './pages/FactorySelectPage';
import { ProgressBar } from './components/ProgressBar';
import { ChunkBoundary } from './components/ChunkBoundary';
import { loadChunk } from './chunks';
import { useLanguage } from './hooks/useLanguage';
import { useFontSize } from './hooks/useFontSize';

// Everything after login loads on demand, so the login page comes up with less JavaScript.
const Layout = lazy(() => loadChunk(() => import('./layout/Layout')).then((m) => ({ default: m.Layout })));

function Shell() {
  return (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <Guard><Layout /></Guard>
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
  return <ErrorPage status={status} />;
}

function Localised() {
  const lang = useLanguage();
  return (
    <ConfigProvider locale={arcoLocale(lang)}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="app/download" element={<AppDownloadPage />} />
        <Route path="sop/:id" element={<SopPage />} />
        <Route path="factory" element={<FactorySelectPage />} />
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
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <ProgressBar />
        <RouteErrorBoundary>
          <Routes>
            <Route path="/" element={<RootRedirect />} />
            <Route path="/:lang/*" element={<LanguageRoute><Localised /></LanguageRoute>} />
            <Route path="*" element={<UnknownPath />} />
          </Routes>
        </RouteErrorBoundary>
      </BrowserRouter>
    </I18nextProvider>
  );
}
