/**
 * Single sign-on routes (issue 5, SECURITY-TESTS T5): start → provider → callback → a one-time
 * exchange code that the shell trades for its session token. Refusals answer 400 with a page that
 * takes the browser back to the login page, which shows why.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sso, SsoStartQuery } from '../../model/contract/sso';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '../../model/languages';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { requestTranslator } from '../http';
import { serve } from '../serve';
import { ssoClient, type SsoClient } from './sso';
import { SsoLogin } from './sso-login';

const COOKIE = 'portal_sso';
const COOKIE_PATH = '/api/auth/sso';
const CLEAR_COOKIE = `${COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0`;

function cookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
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
    .header('set-cookie', CLEAR_COOKIE)
    .send(
      `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${escapeHtml(target)}"><title>SSO</title><p>${escapeHtml(text)} <a href="${escapeHtml(target)}">↩</a></p>`,
    );
}

/** 302 to `location`, the browser's cookie set to `browser` for the callback (cleared when null). */
function redirect(
  request: FastifyRequest,
  reply: FastifyReply,
  location: string,
  browser: string | null,
): FastifyReply {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const setCookie = browser
    ? `${COOKIE}=${browser}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=600${secure}`
    : CLEAR_COOKIE;
  return reply
    .code(302)
    .header('cache-control', 'no-store')
    .header('set-cookie', setCookie)
    .header('location', location)
    .send();
}

export interface SsoRouteOptions {
  db: Kysely<DB>;
  config: Config;
  /** Replaces the relying party built from config.oidc (tests). */
  client?: SsoClient;
}

export function ssoRoutes(app: FastifyInstance, opts: SsoRouteOptions): void {
  const { db, config } = opts;
  const client = opts.client ?? (config.oidc ? ssoClient(config.oidc) : null);
  const login = new SsoLogin(db, config, client);

  serve(app, sso.config, async () => ({ enabled: login.enabled }));

  // The navigations read their query themselves: a refusal is a page for the browser, not a 400 envelope.
  serve(
    app,
    sso.start,
    async ({ request, reply }) => {
      const q = SsoStartQuery.safeParse(request.query);
      const lang = isLanguage((request.query as { lang?: string }).lang)
        ? (request.query as { lang: Language }).lang
        : DEFAULT_LANGUAGE;
      const step = await login.start(request, q.success ? q.data.tenantCode : null, lang);
      if ('refused' in step) return refuse(request, reply, lang, step.refused);
      return redirect(request, reply, step.location.toString(), step.browser);
    },
    { parse: { query: null } },
  );

  serve(
    app,
    sso.callback,
    async ({ request, reply }) => {
      const { state } = request.query as Record<string, string | undefined>;
      const step = await login.callback(request, typeof state === 'string' ? state : '', cookie(request, COOKIE));
      if ('refused' in step) return refuse(request, reply, step.lang, step.refused);
      return redirect(request, reply, `/${step.lang}/login?sso=${step.code}`, null);
    },
    { parse: { query: null } },
  );

  serve(app, sso.exchange, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return login.exchange(request, body.code);
  });
}
