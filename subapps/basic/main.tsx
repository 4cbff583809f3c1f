import '@arco-design/web-react/es/_util/react-19-adapter';
import '../kit/subapp.css';
import '../../bridge/arco-contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SubAppRoot } from '../kit/SubAppRoot';
import { createSubAppI18n } from '../kit/i18n';
import { BASIC_ROUTES } from './routes';
import { DOCUMENT_ROUTES } from './routes-documents';
import { BOM_ROUTES } from './routes-bom';

const i18n = createSubAppI18n(['common', 'basic', 'model'], 'basic');

/** The basic-data sub-app (prefix basic): one screen per master-data definition; the rest say they are not built yet. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SubAppRoot i18n={i18n} prefixes={['basic']} routes={{ ...BASIC_ROUTES, ...DOCUMENT_ROUTES, ...BOM_ROUTES }} />
  </StrictMode>,
);
