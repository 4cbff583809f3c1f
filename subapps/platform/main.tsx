import '@arco-design/web-react/es/_util/react-19-adapter';
import '../../bridge/page-type.css';
import '../kit/subapp.css';
import '../../bridge/arco-contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SubAppRoot } from '../kit/SubAppRoot';
import { createSubAppI18n } from '../kit/i18n';
import { loadResourcePage } from '../kit/engine/screen';
import { Workbench } from './home/Workbench';
import { PLATFORM_PREFIXES } from './prefixes';

const i18n = createSubAppI18n(['common', 'platform', 'model'], 'platform');
// Login lands on the workbench: it paints without the code of the other screens, which follows
// (the route table, and the engine's screen most of them are).
const more = () => Promise.all([import('./screens'), loadResourcePage()]).then(([m]) => m.PLATFORM_ROUTES);

/** The platform sub-app: prefixes paas, home, platform, system, log, flow (SPEC §2). */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SubAppRoot i18n={i18n} prefixes={PLATFORM_PREFIXES} routes={{ '/home': Workbench }} more={more} />
  </StrictMode>,
);
