import type { RouteTable } from '../kit/routing';
import { OnlineSessionsPage } from './security/OnlineSessionsPage';
import { SecurityPolicyPage } from './security/SecurityPolicyPage';

/** Online sessions and the security policy (issue 26). */
export const SECURITY_ROUTES: RouteTable = {
  '/log/online-session': OnlineSessionsPage,
  '/platform/security-policy': SecurityPolicyPage,
};
