import type { RouteTable } from '../kit/routing';
import { OnlineSessionsPage } from './security/OnlineSessionsPage';
import { SecurityPolicyPage } from './security/SecurityPolicyPage';
import { ApiKeysPage } from './security/ApiKeysPage';

/** Online sessions, the security policy and API keys (issue 26). */
export const SECURITY_ROUTES: RouteTable = {
  '/log/online-session': OnlineSessionsPage,
  '/platform/security-policy': SecurityPolicyPage,
  '/platform/api-key': ApiKeysPage,
};
