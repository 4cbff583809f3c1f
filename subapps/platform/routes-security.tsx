import { lazy } from 'react';
import type { RouteTable } from '../kit/routing';

// Each screen loads when it is opened: the app's first page does not wait for the others.
const OnlineSessionsPage = lazy(() =>
  import('./security/OnlineSessionsPage').then((m) => ({ default: m.OnlineSessionsPage })),
);
const SecurityPolicyPage = lazy(() =>
  import('./security/SecurityPolicyPage').then((m) => ({ default: m.SecurityPolicyPage })),
);
const ApiKeysPage = lazy(() => import('./security/ApiKeysPage').then((m) => ({ default: m.ApiKeysPage })));
const WebhooksPage = lazy(() => import('./security/WebhooksPage').then((m) => ({ default: m.WebhooksPage })));

/** Online sessions, the security policy, API keys and webhooks (issue 26). */
export const SECURITY_ROUTES: RouteTable = {
  '/log/online-session': OnlineSessionsPage,
  '/platform/security-policy': SecurityPolicyPage,
  '/platform/api-key': ApiKeysPage,
  '/platform/webhook': WebhooksPage,
};
