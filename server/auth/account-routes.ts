/** The shell's self-service calls (issue 5): change password, own profile, SMS login. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { ACCOUNT_FIELD_LABELS, SMS } from '../../model/account';
import { account } from '../../model/contract/account';
import { auth } from '../../model/contract/auth';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { inTransaction } from '../db/in-transaction';
import { ApiError, validationError } from '../http';
import { serve } from '../serve';
import { hashPassword, verifyPassword } from './password';
import { finishFirstFactor } from './finish-login';
import { checkNewPassword, passwordPolicy, setPassword } from './password-policy';
import { consumeSmsCode, issueSmsCode, logSender, webhookSender, type SmsSender } from './sms';
import { attemptLog, limitedLogin, limitedReauth, loginKey, reauthSessionOf } from './attempts';
import { loadCurrentUser } from './current-user';
import { actorOf } from '../audit/write';
import { passwordHashOf, saveOwnProfile } from './account-store';
import { enabledMobileUser, enabledTenant, mobileUsers } from './login-store';
import { revokeUserTokens } from './sessions';

export interface AccountRouteOptions {
  db: Kysely<DB>;
  config: Config;
  /** Replaces the configured SMS driver (tests read codes from it). */
  smsSender?: SmsSender;
}

export function accountRoutes(app: FastifyInstance, opts: AccountRouteOptions): void {
  const { db, config } = opts;
  const sender = opts.smsSender ?? (config.smsWebhookUrl ? webhookSender(config.smsWebhookUrl) : logSender(app.log));

  serve(app, account.changePassword, async ({ body, ctx, tr, request }) => {
    const currentHash = await passwordHashOf(db, ctx.tenantId, ctx.user.id);
    // A wrong current password counts with the account's login limits, and a few end this session (T3.7).
    const session = reauthSessionOf(ctx);
    if (!(await limitedReauth(db, request, session, () => verifyPassword(body.oldPassword, currentHash)))) {
      const issue = {
        code: 'custom',
        path: ['oldPassword'],
        message: 'validation.oldPasswordWrong',
        input: undefined,
      } as z.core.$ZodIssue;
      throw validationError([issue], tr, ACCOUNT_FIELD_LABELS);
    }
    await checkNewPassword(
      db,
      tr,
      await passwordPolicy(db, ctx.tenantId),
      { tenantId: ctx.tenantId, userId: ctx.user.id, currentHash },
      body.newPassword,
    );
    const hash = await hashPassword(body.newPassword);
    await inTransaction(db, async (trx) => {
      await setPassword(trx, ctx.tenantId, ctx.user.id, currentHash, hash, actorOf(ctx));
      await revokeUserTokens(trx, ctx.tenantId, ctx.user.id, ctx.tokenId);
    });
    return null;
  });

  serve(app, account.updateProfile, async ({ body, ctx }) => {
    await saveOwnProfile(db, ctx.tenantId, ctx.user.id, body, actorOf(ctx));
    return loadCurrentUser(db, ctx.tenantId, ctx.user.id);
  });

  serve(app, auth.sendSmsCode, async ({ body, reply, request }) => {
    reply.header('cache-control', 'no-store');
    const tenant = await enabledTenant(db, body.tenantCode);
    if (!tenant) return { expiresInSeconds: SMS.ttlSeconds };
    const code = await issueSmsCode(db, tenant.id, body.mobile);
    const user = await enabledMobileUser(db, tenant.id, body.mobile);
    // Codes for unknown numbers count against the limits but are never sent.
    if (user) {
      try {
        await sender.send({
          mobile: body.mobile,
          code,
          tenantCode: tenant.code,
          purpose: 'login',
          expiresInSeconds: SMS.ttlSeconds,
        });
      } catch (err) {
        request.log.error({ err }, 'SMS sending failed');
        throw new ApiError(502, 'auth.smsSendFailed');
      }
    }
    return { expiresInSeconds: SMS.ttlSeconds };
  });

  serve(app, auth.loginByMobile, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const tenant = await enabledTenant(db, body.tenantCode);
    const log = attemptLog(db, request, tenant?.id, body.mobile, 'sms');
    const user = await limitedLogin(
      db,
      loginKey(request, body.tenantCode, `sms:${body.mobile}`),
      async () => {
        const ok = tenant ? await consumeSmsCode(db, tenant.id, body.mobile, body.code) : false;
        const users = ok && tenant ? await mobileUsers(db, tenant.id, body.mobile) : [];
        const found = users.length === 1 && users[0]?.status === 'enabled' ? users[0] : null;
        return { ok: found !== null, value: found };
      },
      (retry) => log('locked', null, `retry after ${retry}s`),
    );
    if (!tenant || !user) {
      await log('failure', null, 'invalid code');
      throw new ApiError(400, 'auth.smsCodeInvalid');
    }
    return finishFirstFactor(db, config, request, {
      tenantId: tenant.id,
      userId: user.id,
      userType: user.type,
      method: 'sms',
      logAccount: body.mobile,
    });
  });
}
