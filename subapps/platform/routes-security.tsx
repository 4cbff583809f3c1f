import type { RouteTable } from '../kit/routing';
import { OnlineSessionsPage } from './security/OnlineSessionsPage';
import { SecurityPolicyPage } from './security/SecurityPolicyPage';
import { ApiKeysPage } from './security/ApiKeysPage';
import { WebhooksPage } from './security/WebhooksPage';

/** Online sessions, the security policy, API keys and webhooks (issue 26). */
export const SECURITY_ROUTES: RouteTable = {
  '/log/online-session': OnlineSessionsPage,
  '/platform/security-policy': SecurityPolicyPage,
  '/platform/api-key': ApiKeysPage,
  '/platform/webhook': WebhooksPage,
};
