import '@arco-design/web-react/es/_util/react-19-adapter';
import '../../bridge/page-type.css';
import '../kit/subapp.css';
import '../../bridge/arco-contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SubAppRoot } from '../kit/SubAppRoot';
import { createSubAppI18n } from '../kit/i18n';
import { BASIC_PREFIXES, BASIC_ROUTES } from './screens';

const i18n = createSubAppI18n(['common', 'basic', 'model'], 'basic');

/** The basic-data sub-app (prefix basic): one screen per master-data definition; the rest say they are not built yet. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SubAppRoot i18n={i18n} prefixes={BASIC_PREFIXES} routes={BASIC_ROUTES} />
  </StrictMode>,
);
