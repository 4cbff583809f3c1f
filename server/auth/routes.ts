import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { auth } from '../../model/contract/auth';
import type { DB } from '../db/types';
import type { Config } from '../config';
import { ApiError } from '../http';
import { serve } from '../serve';
import { consumeCaptcha, createCaptcha, randomCaptchaText } from './captcha';
import { getDummyHash, hashPassword, needsRehash, verifyPassword } from './password';
import { finishFirstFactor } from './finish-login';
import { attemptLog, limitedLogin, loginKey, writeLoginLog } from './attempts';
import { accountUser, loginTenant, renewPasswordHash } from './login-store';
import { revokeToken } from './sessions';

export interface AuthRouteOptions {
  db: Kysely<DB>;
  config: Config;
  /** Captcha text generator (tests substitute a known one; the answer never leaves the server). */
  captchaText?: () => string;
}

export function authRoutes(app: FastifyInstance, opts: AuthRouteOptions): void {
  const { db, config } = opts;
  const captchaText = opts.captchaText ?? (() => randomCaptchaText());

  serve(app, auth.captcha, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    if (!config.loginCaptcha) return { enabled: false, captchaId: null, image: null };
    const { captchaId, image } = await createCaptcha(db, captchaText());
    return { enabled: true, captchaId, image };
  });

  serve(app, auth.login, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    if (config.loginCaptcha && !(await consumeCaptcha(db, body.captchaId, body.captcha))) {
      throw new ApiError(400, 'auth.captchaInvalid');
    }
    const tenant = await loginTenant(db, body.tenantCode);
    const log = attemptLog(db, request, tenant?.id, body.account, 'password');
    const user = await limitedLogin(
      db,
      loginKey(request, body.tenantCode, body.account),
      async () => {
        const row = tenant ? await accountUser(db, tenant.id, body.account) : undefined;
        // Unknown tenant or account: verify against a dummy hash so the answer takes the same time.
        const ok = await verifyPassword(body.password, row?.password_hash ?? (await getDummyHash()));
        const good = Boolean(row && ok && row.status === 'enabled');
        return { ok: good, value: good ? row! : null };
      },
      (retry) => log('locked', null, `retry after ${retry}s`),
    );
    if (!user) {
      await log('failure', null, 'invalid credentials');
      throw new ApiError(400, 'auth.invalidCredentials');
    }
    // A disabled or expired tenant: told only to someone who knows a valid account and password.
    const blocked = tenant?.status !== 'enabled' ? 'auth.tenantDisabled' : tenant.expired ? 'auth.tenantExpired' : null;
    if (blocked) {
      await log('failure', user.id, blocked === 'auth.tenantDisabled' ? 'tenant disabled' : 'tenant expired');
      throw new ApiError(403, blocked);
    }
    if (needsRehash(user.password_hash)) await rehash(db, user, body.password, request);
    return finishFirstFactor(db, config, request, {
      tenantId: user.tenant_id,
      userId: user.id,
      userType: user.type,
      method: 'password',
      logAccount: body.account,
    });
  });

  serve(app, auth.logout, async ({ ctx, request }) => {
    await writeLoginLog(db, request, {
      tenantId: ctx.tenantId,
      userId: ctx.user.id,
      account: ctx.user.account,
      method: 'logout',
      result: 'success',
    });
    await revokeToken(db, ctx.tenantId, ctx.tokenId);
    return null;
  });
}

/**
 * Stores a password that just verified against a hash of an older setting (scrypt) as one of the current
 * setting, unless it changed meanwhile. The login goes on if this fails: the old hash still verifies.
 */
async function rehash(
  db: Kysely<DB>,
  user: { id: string; tenant_id: string; password_hash: string },
  password: string,
  request: FastifyRequest,
): Promise<void> {
  try {
    await renewPasswordHash(db, user, await hashPassword(password));
  } catch (err) {
    request.log.warn({ err }, 'password hash not renewed');
  }
}
