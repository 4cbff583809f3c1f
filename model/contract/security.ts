/** Online sessions, two-factor login and the tenant's security policy (issue 26). */
import {
  EndedSessions, EnrolledLogin, OnlineSessionList, RecoveryCodes, SECURITY_FIELD_LABELS as labels, SECURITY_PERMISSIONS as P,
  LoginAnswer, SecurityPolicy, TotpSetup, TwoFactorStatus, disableTwoFactorInput, enrolAtLoginInput, expiredPasswordInput, onlineSessionQuery, secondStepInput,
  secondStepTicket, securityPolicyInput, totpCodeInput,
} from '../security';
import { LoginData } from '../auth';
import { IdParams, Nothing, Uuid } from './common';
import { endpoint, json } from './endpoint';
import { z } from 'zod';

const tag = 'security';

export const security = {
  onlineSessions: endpoint({
    method: 'GET', path: '/platform-system/online-session', operationId: 'listOnlineSessions', tag, auth: 'bearer', permission: P.sessionsView,
    summary: "The tenant's live sessions (newest call first)",
    query: onlineSessionQuery, labels, answer: json(OnlineSessionList),
  }),
  endSession: endpoint({
    method: 'POST', path: '/platform-system/online-session/:id/end', operationId: 'endOnlineSession', tag, auth: 'bearer', permission: P.sessionsEnd,
    summary: 'End one live session of the tenant; its next call on any server answers 401',
    params: IdParams, answer: json(Nothing),
  }),
  endUserSessions: endpoint({
    method: 'POST', path: '/platform-system/online-session/user/:userId/end', operationId: 'endUserSessions', tag, auth: 'bearer', permission: P.sessionsEnd,
    summary: "End every live session of one user of the tenant (the caller's own current one excepted)",
    params: z.object({ userId: Uuid }), answer: json(EndedSessions),
  }),
  ownSessions: endpoint({
    method: 'GET', path: '/platform-system/user/session', operationId: 'listOwnSessions', tag, auth: 'bearer', permission: null,
    summary: 'The own live sessions', answer: json(OnlineSessionList),
  }),
  endOwnSession: endpoint({
    method: 'POST', path: '/platform-system/user/session/:id/end', operationId: 'endOwnSession', tag, auth: 'bearer', permission: null,
    summary: 'End one of the own sessions (another one than the current: log out for that)',
    params: IdParams, answer: json(Nothing), errors: [409],
  }),
  endOtherOwnSessions: endpoint({
    method: 'POST', path: '/platform-system/user/session/end-others', operationId: 'endOtherOwnSessions', tag, auth: 'bearer', permission: null,
    summary: 'End every own session but the current one', answer: json(EndedSessions),
  }),
  policy: endpoint({
    method: 'GET', path: '/platform-system/security-policy', operationId: 'getSecurityPolicy', tag, auth: 'bearer', permission: P.policyView,
    summary: "The tenant's security policy", answer: json(SecurityPolicy),
  }),
  updatePolicy: endpoint({
    method: 'PUT', path: '/platform-system/security-policy', operationId: 'updateSecurityPolicy', tag, auth: 'bearer', permission: P.policyEdit,
    summary: "Change the tenant's security policy; users who must now enrol are led through it at their next login",
    body: securityPolicyInput, labels, answer: json(SecurityPolicy),
  }),
  twoFactor: endpoint({
    method: 'GET', path: '/platform-system/user/two-factor', operationId: 'getOwnTwoFactor', tag, auth: 'bearer', permission: null,
    summary: 'The own two-factor state and what the policy asks of it', answer: json(TwoFactorStatus),
  }),
  twoFactorSetup: endpoint({
    method: 'POST', path: '/platform-system/user/two-factor/setup', operationId: 'startOwnTwoFactor', tag, auth: 'bearer', permission: null,
    summary: 'A new authenticator secret to scan; takes effect once confirmed with a code',
    description: '409 when two-factor login is already on, or the policy has it off.',
    answer: json(TotpSetup), errors: [409],
  }),
  twoFactorEnable: endpoint({
    method: 'POST', path: '/platform-system/user/two-factor/enable', operationId: 'confirmOwnTwoFactor', tag, auth: 'bearer', permission: null,
    summary: 'Confirm the secret with a code from the authenticator; answers ten recovery codes, shown once',
    description: 'A wrong code answers 400 naming `code` and counts with the login limits.',
    body: totpCodeInput, labels, answer: json(RecoveryCodes), errors: [409],
  }),
  twoFactorDisable: endpoint({
    method: 'POST', path: '/platform-system/user/two-factor/disable', operationId: 'disableOwnTwoFactor', tag, auth: 'bearer', permission: null,
    summary: 'Turn two-factor login off with the password and a code (or a recovery code)',
    description: '409 when the policy requires two-factor login of this user. Wrong answers count with the login limits.',
    body: disableTwoFactorInput, labels, answer: json(Nothing), errors: [409],
  }),
  resetUserTwoFactor: endpoint({
    method: 'POST', path: '/platform-system/app-user/:id/two-factor/reset', operationId: 'resetUserTwoFactor', tag, auth: 'bearer', permission: 'platform:user:reset-password',
    summary: "Remove a user's authenticator and recovery codes (a lost phone); where the policy requires it, the user enrols again at the next login",
    params: IdParams, answer: json(Nothing),
  }),
  loginSecondStep: endpoint({
    method: 'POST', path: '/auth/login/two-factor', operationId: 'loginSecondStep', tag: 'auth', auth: 'client', permission: null,
    summary: 'The second step of a login: the ticket and an authenticator or recovery code',
    description: 'A wrong code answers 400 and counts with the login limits; five wrong codes void the ticket.',
    body: secondStepInput, labels, answer: json(LoginData),
  }),
  loginPasswordChange: endpoint({
    method: 'POST', path: '/auth/login/password', operationId: 'loginChangeExpiredPassword', tag: 'auth', auth: 'client', permission: null,
    summary: 'An expired password changed during login (the ticket of `secondStep: "password"`); answers the session or the next step',
    description: 'A new password the policy refuses answers 400 naming `newPassword`.',
    body: expiredPasswordInput, labels, answer: json(LoginAnswer),
  }),
  loginEnrolSetup: endpoint({
    method: 'POST', path: '/auth/login/two-factor/setup', operationId: 'loginEnrolSetup', tag: 'auth', auth: 'client', permission: null,
    summary: 'Enrolment required by the policy, during login: the secret to scan',
    body: secondStepTicket, labels, answer: json(TotpSetup),
  }),
  loginEnrolConfirm: endpoint({
    method: 'POST', path: '/auth/login/two-factor/enable', operationId: 'loginEnrolConfirm', tag: 'auth', auth: 'client', permission: null,
    summary: 'Enrolment during login: confirm with a code; answers the session and ten recovery codes, shown once',
    body: enrolAtLoginInput, labels, answer: json(EnrolledLogin),
  }),
};
