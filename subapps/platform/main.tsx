import '@arco-design/web-react/es/_util/react-19-adapter';
import '../kit/subapp.css';
import { StrictMode, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { SubAppRoot } from '../kit/SubAppRoot';
import { createSubAppI18n } from '../kit/i18n';
import { Dictionaries } from './pages/Dictionaries';
import { Workbench } from './home/Workbench';
import { ACCESS_ROUTES } from './routes-access';
import { ORG_ROUTES } from './routes-org';
import { CONTENT_ROUTES } from './routes-content';
import { FLOW_ROUTES } from './routes-flow';
import { HELPER_ROUTES } from './routes-helper';
import { SYSTEM_ROUTES } from './routes-system';
import { SECURITY_ROUTES } from './routes-security';
// Charts are heavy: the statistics page loads when it is opened.
const VisitStatistics = lazy(() => import('./pages/VisitStatistics').then((m) => ({ default: m.VisitStatistics })));

const i18n = createSubAppI18n(['common', 'platform', 'model'], 'platform');

/** The platform sub-app: prefixes paas, home, platform, system, log, flow (SPEC §2). */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SubAppRoot i18n={i18n} prefixes={['paas', 'home', 'platform', 'system', 'log', 'flow', 'helper']} routes={{ ...ACCESS_ROUTES, ...ORG_ROUTES, ...CONTENT_ROUTES, ...FLOW_ROUTES, ...HELPER_ROUTES, ...SYSTEM_ROUTES, ...SECURITY_ROUTES, '/home': Workbench, '/platform/dict': Dictionaries, '/system/visit-statistics': VisitStatistics }} />
  </StrictMode>,
);
