/**
 * Every screen of the platform app but the workbench (which the app's first paint carries alone),
 * in one place: the screens of the definitions under the app's prefixes, how some differ from the
 * generated one, and the pages that are no definition's.
 */
import { lazy } from 'react';
import {
  DEFINITIONS,
  alarm,
  app,
  auditTrail,
  course,
  dict,
  factory,
  feedback,
  helpDoc,
  interfaceLog,
  loginLog,
  menu,
  notice,
  operationLog,
  role,
  staff,
  tenant,
  user,
} from '../../model/resources';
import { screenRoutes } from '../kit/engine/screen';
import type { ResourceOverrides } from '../kit/engine/types';
import { menuOverrides, roleOverrides, userOverrides } from './overrides/access';
import { alarmOverrides } from './overrides/alarm';
import { courseOverrides } from './overrides/course';
import { dictOverrides } from './overrides/dict';
import { feedbackOverrides } from './overrides/feedback';
import { helpDocOverrides } from './overrides/help-doc';
import { noticeOverrides } from './overrides/notice';
import { staffOverrides } from './overrides/staff';
import { appOverrides, auditOverrides, detailOf, factoryOverrides, tenantOverrides } from './overrides/system';
import { PLATFORM_PREFIXES } from './prefixes';

// Each page loads when it is opened: the app's first screen does not wait for the others.
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const OVERRIDES: Record<string, ResourceOverrides> = {
  [user.name]: userOverrides,
  [role.name]: roleOverrides,
  [menu.name]: menuOverrides,
  [staff.name]: staffOverrides,
  [tenant.name]: tenantOverrides,
  [factory.name]: factoryOverrides,
  [app.name]: appOverrides,
  [loginLog.name]: detailOf(loginLog),
  [operationLog.name]: detailOf(operationLog),
  [interfaceLog.name]: detailOf(interfaceLog),
  [auditTrail.name]: auditOverrides(auditTrail),
  [dict.name]: dictOverrides,
  [notice.name]: noticeOverrides,
  [helpDoc.name]: helpDocOverrides,
  [course.name]: courseOverrides,
  [feedback.name]: feedbackOverrides,
  [alarm.name]: alarmOverrides,
};

/** Screens built by hand: what no definition describes (workflows, charts, settings of one record). */
const PAGES = {
  '/flow/model': page(() => import('./flow/ModelsPage'), 'ModelsPage'),
  '/flow/task': page(() => import('./flow/TasksPage'), 'TasksPage'),
  '/helper/language': page(() => import('./helper/LanguagesPage'), 'LanguagesPage'),
  '/helper/services': page(() => import('./helper/ServicesPage'), 'ServicesPage'),
  '/helper/apply-menu': page(() => import('./helper/ApplyMenuPage'), 'ApplyMenuPage'),
  '/log/online-session': page(() => import('./security/OnlineSessionsPage'), 'OnlineSessionsPage'),
  '/platform/security-policy': page(() => import('./security/SecurityPolicyPage'), 'SecurityPolicyPage'),
  '/platform/api-key': page(() => import('./security/ApiKeysPage'), 'ApiKeysPage'),
  '/platform/webhook': page(() => import('./security/WebhooksPage'), 'WebhooksPage'),
  // Charts are heavy: the statistics page loads when it is opened.
  '/system/visit-statistics': page(() => import('./pages/VisitStatistics'), 'VisitStatistics'),
};

export const PLATFORM_ROUTES = screenRoutes({
  prefixes: PLATFORM_PREFIXES,
  definitions: DEFINITIONS,
  overrides: OVERRIDES,
  pages: PAGES,
});
