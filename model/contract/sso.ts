/**
 * Single sign-on (issue 5): the browser is sent to `start`, the provider returns it to `callback`,
 * which sends it to the login page with a one-time code the shell trades for a token (`exchange`).
 * `start` and `callback` are browser navigations: a refusal answers 400 with an HTML page that takes
 * the browser back to the login page, which shows why.
 */
import { z } from 'zod';
import { LoginData, SsoConfig } from '../auth';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages';
import { endpoint, json } from './endpoint';

const tag = 'auth';

export const SsoStartQuery = z.object({
  tenantCode: z.string().trim().min(1).max(64),
  lang: z
    .string()
    .optional()
    .meta({
      description: `The language of the login page to come back to: ${LANGUAGES.join(', ')} (anything else: ${DEFAULT_LANGUAGE})`,
    }),
});

export const sso = {
  config: endpoint({
    method: 'GET',
    path: '/auth/sso/config',
    operationId: 'getSsoConfig',
    tag,
    auth: 'none',
    permission: null,
    summary: 'Whether single sign-on is configured',
    answer: json(SsoConfig),
  }),
  start: endpoint({
    method: 'GET',
    path: '/auth/sso/start',
    operationId: 'startSsoLogin',
    tag,
    auth: 'none',
    permission: null,
    summary: 'Starts a single sign-on login (browser navigation): redirects to the provider',
    description:
      'An unknown, disabled or expired tenant, or SSO not configured, answers 400 with a page leading back to the login page.',
    query: SsoStartQuery,
    answer: { kind: 'redirect' },
  }),
  callback: endpoint({
    method: 'GET',
    path: '/auth/sso/callback',
    operationId: 'finishSsoLogin',
    tag,
    auth: 'none',
    permission: null,
    summary: 'The provider returns here: redirects to the login page with a one-time exchange code',
    description:
      'A state that is unknown, used, stale or from another browser, a refused code or an account that cannot sign in answers 400 with a page leading back to the login page.',
    query: z.object({
      state: z.string().optional(),
      code: z.string().optional().meta({ description: "The provider's authorization code" }),
      error: z.string().optional(),
    }),
    answer: { kind: 'redirect' },
  }),
  exchange: endpoint({
    method: 'POST',
    path: '/auth/sso/exchange',
    operationId: 'exchangeSsoCode',
    tag,
    auth: 'client',
    permission: null,
    summary: 'Trades a one-time SSO code for a session token',
    body: z.object({ code: z.string().min(20).max(128) }),
    answer: json(LoginData),
  }),
};
