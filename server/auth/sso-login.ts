/**
 * A single sign-on login (issue 5, SECURITY-TESTS T5): the start sends the browser to the provider,
 * the callback takes the identity it brings back to an account of the tenant and answers a one-time
 * exchange code, which the shell trades for its session token. Each step answers where the browser
 * goes next, or the message key of its refusal.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginData } from '../../model/auth';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '../../model/languages';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { ApiError } from '../http';
import { safeEqual, sha256 } from './tokens';
import { pkcePair, randomNonce, randomState, type SsoClient, type SsoIdentity } from './sso';
import { writeLoginLog } from './attempts';
import { issueSession } from './finish-login';
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

const LOGIN_TTL_MS = 10 * 60_000;
const EXCHANGE_TTL_MS = 60_000;

/** A step refused: the message key the login page shows. */
export interface Refused {
  refused: string;
}

/** The start: on to the provider at `location`, the browser's cookie set to `browser`. */
export type StartStep = Refused | { location: URL; browser: string };

/** The callback: back to the login page in `lang`, with the exchange code or the refusal. */
export type CallbackStep = { lang: Language } & (Refused | { code: string });

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? `${request.hostname}`}`;
}

export class SsoLogin {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Config,
    private readonly client: SsoClient | null,
  ) {}

  get enabled(): boolean {
    return this.client !== null;
  }

  private redirectUri(request: FastifyRequest): string {
    return this.config.oidc?.redirectUri ?? `${origin(request)}/api/auth/sso/callback`;
  }

  /** `tenantCode` null: the start's query did not name a tenant. */
  async start(request: FastifyRequest, tenantCode: string | null, lang: Language): Promise<StartStep> {
    const { db, client } = this;
    if (!client) return { refused: 'auth.ssoNotConfigured' };
    if (tenantCode === null) return { refused: 'auth.ssoTenant' };
    const tenant = await enabledTenant(db, tenantCode);
    if (!tenant) return { refused: 'auth.ssoTenant' };
    const state = randomState();
    const nonce = randomNonce();
    const { verifier, challenge } = await pkcePair();
    const browser = randomBytes(32).toString('base64url');
    let location: URL;
    try {
      location = await client.authorizationUrl({
        redirectUri: this.redirectUri(request),
        state,
        nonce,
        codeChallenge: challenge,
      });
    } catch (err) {
      request.log.error({ err }, 'SSO provider unavailable');
      return { refused: 'auth.ssoUnavailable' };
    }
    await saveSsoLogin(db, {
      stateHash: sha256(state),
      browserHash: sha256(browser),
      tenantId: tenant.id,
      verifier,
      nonce,
      language: lang,
    });
    return { location, browser };
  }

  /** The provider's answer for the login of `state`, from the browser holding the start's cookie `browser`. */
  async callback(request: FastifyRequest, state: string, browser: string | null): Promise<CallbackStep> {
    const { db, client } = this;
    // Single use: the row is claimed before anything else happens.
    const login = state ? await claimSsoLogin(db, sha256(state), new Date(Date.now() - LOGIN_TTL_MS)) : undefined;
    const lang = login && isLanguage(login.language) ? login.language : DEFAULT_LANGUAGE;
    if (!login || !browser || !safeEqual(login.browser_hash, sha256(browser)))
      return { lang, refused: 'auth.ssoStateInvalid' };
    if (!client) return { lang, refused: 'auth.ssoNotConfigured' };
    let identity: SsoIdentity;
    try {
      identity = await client.finish({
        currentUrl: new URL(request.url, origin(request)),
        verifier: login.verifier,
        state,
        nonce: login.nonce,
      });
    } catch (err) {
      request.log.warn({ err: { message: (err as Error).message } }, 'SSO code exchange refused');
      return { lang, refused: 'auth.ssoFailed' };
    }
    const userId = (await identityUserId(db, login.tenant_id, identity)) || (await this.link(request, login, identity));
    if (!userId) return { lang, refused: 'auth.ssoNoAccount' };
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
      return { lang, refused: 'auth.ssoDisabled' };
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
    return { lang, code };
  }

  /**
   * An identity seen for the first time, linked to the one account of the tenant whose account, e-mail
   * or mobile (as the configured claim says) matches; null, logged, when there is not exactly one.
   */
  private async link(
    request: FastifyRequest,
    login: { tenant_id: string },
    identity: SsoIdentity,
  ): Promise<string | null> {
    const { db } = this;
    const claimName = this.config.oidc?.claim ?? 'preferred_username';
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
      return null;
    }
    const matched = matches[0]!.id;
    // A new way into the account: the user's history says which provider's identity it now accepts.
    await linkIdentity(
      db,
      { tenantId: login.tenant_id, userId: matched, issuer: identity.issuer, subject: identity.subject },
      request.ip ?? null,
    );
    return matched;
  }

  /** Trades a callback's one-time code for the session; 400 when it is unknown, used or expired. */
  async exchange(request: FastifyRequest, code: string): Promise<LoginData> {
    const row = await claimSsoExchange(this.db, sha256(code));
    if (!row) throw new ApiError(400, 'auth.ssoExchangeInvalid');
    return issueSession(this.db, this.config, request, { tenantId: row.tenant_id, userId: row.user_id, method: 'sso' });
  }
}
