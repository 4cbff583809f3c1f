/**
 * Single sign-on routes (issue 5, SECURITY-TESTS T5): start → provider → callback → a one-time
 * exchange code that the shell trades for its session token. Refusals answer 400 with a page that
 * takes the browser back to the login page, which shows why.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sso, SsoStartQuery } from '../../model/contract/sso';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '../../model/languages';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { ApiError, requestTranslator } from '../http';
import { serve } from '../serve';
import { issueToken, safeEqual, sha256 } from './tokens';
import { pkcePair, randomNonce, randomState, ssoClient, type SsoClient } from './sso';
import { loadCurrentUser } from './current-user';
import { writeLoginLog } from './attempts';
import { enabledTenant, usersWith } from './login-store';
import { userStatus } from './account-store';
import {
  claimSsoExchange,
  claimSsoLogin,
  identityUserId,
  linkIdentity,
  saveSsoExchange,
  saveSsoLogin,
} from './sso-store';

const COOKIE = 'portal_sso';
const COOKIE_PATH = '/api/auth/sso';
const LOGIN_TTL_MS = 10 * 60_000;
const EXCHANGE_TTL_MS = 60_000;

function cookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? `${request.hostname}`}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 400 with a page that sends the browser back to login, where the message is shown. */
function refuse(request: FastifyRequest, reply: FastifyReply, lang: Language, key: string): FastifyReply {
  const target = `/${lang}/login?ssoError=${encodeURIComponent(key)}`;
  const text = requestTranslator(request).t(key);
  request.log.info({ sso: { result: 'refused', reason: key } }, 'SSO login refused');
  return reply
    .code(400)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; base-uri 'none'; frame-ancestors 'none'")
    .header('set-cookie', `${COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0`)
    .send(
      `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${escapeHtml(target)}"><title>SSO</title><p>${escapeHtml(text)} <a href="${escapeHtml(target)}">↩</a></p>`,
    );
}

export interface SsoRouteOptions {
  db: Kysely<DB>;
  config: Config;
  /** Replaces the relying party built from config.oidc (tests). */
  client?: SsoClient;
}

export function ssoRoutes(app: FastifyInstance, opts: SsoRouteOptions): void {
  const { db, config } = opts;
  const oidcConfig = config.oidc;
  const client = opts.client ?? (oidcConfig ? ssoClient(oidcConfig) : null);
  const redirectUri = (request: FastifyRequest) =>
    oidcConfig?.redirectUri ?? `${origin(request)}/api/auth/sso/callback`;

  serve(app, sso.config, async () => ({ enabled: client !== null }));

  // The navigations read their query themselves: a refusal is a page for the browser, not a 400 envelope.
  serve(
    app,
    sso.start,
    async ({ request, reply }) => {
      const q = SsoStartQuery.safeParse(request.query);
      const lang = isLanguage((request.query as { lang?: string }).lang)
        ? (request.query as { lang: Language }).lang
        : DEFAULT_LANGUAGE;
      if (!client) return refuse(request, reply, lang, 'auth.ssoNotConfigured');
      if (!q.success) return refuse(request, reply, lang, 'auth.ssoTenant');
      const tenant = await enabledTenant(db, q.data.tenantCode);
      if (!tenant) return refuse(request, reply, lang, 'auth.ssoTenant');
      const state = randomState();
      const nonce = randomNonce();
      const { verifier, challenge } = await pkcePair();
      const browser = randomBytes(32).toString('base64url');
      let url: URL;
      try {
        url = await client.authorizationUrl({
          redirectUri: redirectUri(request),
          state,
          nonce,
          codeChallenge: challenge,
        });
      } catch (err) {
        request.log.error({ err }, 'SSO provider unavailable');
        return refuse(request, reply, lang, 'auth.ssoUnavailable');
      }
      await saveSsoLogin(db, {
        stateHash: sha256(state),
        browserHash: sha256(browser),
        tenantId: tenant.id,
        verifier,
        nonce,
        language: lang,
      });
      const secure = request.protocol === 'https' ? '; Secure' : '';
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('set-cookie', `${COOKIE}=${browser}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`)
        .header('location', url.toString())
        .send();
    },
    { parse: { query: null } },
  );

  serve(
    app,
    sso.callback,
    async ({ request, reply }) => {
      const query = request.query as Record<string, string | undefined>;
      const state = typeof query.state === 'string' ? query.state : '';
      const browser = cookie(request, COOKIE);
      // Single use: the row is claimed before anything else happens.
      const login = state ? await claimSsoLogin(db, sha256(state), new Date(Date.now() - LOGIN_TTL_MS)) : undefined;
      const lang = login && isLanguage(login.language) ? login.language : DEFAULT_LANGUAGE;
      if (!login || !browser || !safeEqual(login.browser_hash, sha256(browser)))
        return refuse(request, reply, lang, 'auth.ssoStateInvalid');
      if (!client) return refuse(request, reply, lang, 'auth.ssoNotConfigured');
      let identity;
      try {
        identity = await client.finish({
          currentUrl: new URL(request.url, origin(request)),
          verifier: login.verifier,
          state,
          nonce: login.nonce,
        });
      } catch (err) {
        request.log.warn({ err: { message: (err as Error).message } }, 'SSO code exchange refused');
        return refuse(request, reply, lang, 'auth.ssoFailed');
      }
      let userId = await identityUserId(db, login.tenant_id, identity);
      if (!userId) {
        const claimName = oidcConfig?.claim ?? 'preferred_username';
        const value = identity.claims[claimName];
        const column = claimName === 'email' ? 'email' : claimName === 'phone_number' ? 'mobile' : 'account';
        const matches = typeof value === 'string' && value ? await usersWith(db, login.tenant_id, column, value) : [];
        if (matches.length !== 1) {
          await writeLoginLog(db, request, {
            tenantId: login.tenant_id,
            userId: null,
            account: typeof value === 'string' ? value : identity.subject,
            method: 'sso',
            result: 'failure',
            reason: 'no matching account',
          });
          return refuse(request, reply, lang, 'auth.ssoNoAccount');
        }
        const matched = matches[0]!.id;
        userId = matched;
        // A new way into the account: the user's history says which provider's identity it now accepts.
        await linkIdentity(
          db,
          { tenantId: login.tenant_id, userId: matched, issuer: identity.issuer, subject: identity.subject },
          request.ip ?? null,
        );
      }
      const user = await userStatus(db, login.tenant_id, userId);
      if (!user || user.status !== 'enabled') {
        await writeLoginLog(db, request, {
          tenantId: login.tenant_id,
          userId,
          account: user?.account ?? identity.subject,
          method: 'sso',
          result: 'failure',
          reason: 'disabled',
        });
        return refuse(request, reply, lang, 'auth.ssoDisabled');
      }
      await writeLoginLog(db, request, {
        tenantId: login.tenant_id,
        userId,
        account: user.account,
        method: 'sso',
        result: 'success',
      });
      const code = randomBytes(32).toString('base64url');
      await saveSsoExchange(db, {
        codeHash: sha256(code),
        tenantId: login.tenant_id,
        userId,
        expiresAt: new Date(Date.now() + EXCHANGE_TTL_MS),
      });
      request.log.info(
        { sso: { result: 'success', tenantId: login.tenant_id, account: user.account, issuer: identity.issuer } },
        'SSO login',
      );
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('set-cookie', `${COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0`)
        .header('location', `/${lang}/login?sso=${code}`)
        .send();
    },
    { parse: { query: null } },
  );

  serve(app, sso.exchange, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const row = await claimSsoExchange(db, sha256(body.code));
    if (!row) throw new ApiError(400, 'auth.ssoExchangeInvalid');
    const clientId = request.headers['x-client-id'];
    const { token, expiresAt } = await issueToken(db, {
      tenantId: row.tenant_id,
      userId: row.user_id,
      ttlHours: config.tokenTtlHours,
      clientId: typeof clientId === 'string' ? clientId : null,
      ip: request.ip ?? null,
      method: 'sso',
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    });
    return { token, expiresAt: expiresAt.toISOString(), user: await loadCurrentUser(db, row.tenant_id, row.user_id) };
  });
}
