/** The shell's self-service calls (issue 5): change password, own profile, SMS login. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ACCOUNT_FIELD_LABELS, SMS } from '../../model/account';
import { account } from '../../model/contract/account';
import { auth } from '../../model/contract/auth';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { ApiError, validationError } from '../http';
import { serve } from '../serve';
import { hashPassword, verifyPassword } from './password';
import { finishFirstFactor } from './finish-login';
import { checkNewPassword, passwordPolicy, setPassword } from './password-policy';
import { consumeSmsCode, issueSmsCode, logSender, webhookSender, type SmsSender } from './sms';
import { limitedLogin, limitedReauth, loginKey, writeLoginLog } from './attempts';
import { loadCurrentUser } from './current-user';
import { actorOf } from '../audit/write';
import { recordRows } from '../audit/record';

export interface AccountRouteOptions {
  db: Kysely<DB>;
  config: Config;
  /** Replaces the configured SMS driver (tests read codes from it). */
  smsSender?: SmsSender;
}

async function enabledTenant(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('tenant')
    .select(['id', 'code'])
    .where('code', '=', code)
    .where('status', '=', 'enabled')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

export function accountRoutes(app: FastifyInstance, opts: AccountRouteOptions): void {
  const { db, config } = opts;
  const sender = opts.smsSender ?? (config.smsWebhookUrl ? webhookSender(config.smsWebhookUrl) : logSender(app.log));

  serve(app, account.changePassword, async ({ body, ctx, tr, request }) => {
    const row = await db
      .selectFrom('app_user')
      .select('password_hash')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', ctx.user.id)
      .executeTakeFirstOrThrow();
    // A wrong current password counts with the account's login limits, and a few end this session (T3.7).
    const session = {
      tokenId: ctx.tokenId,
      tenantId: ctx.tenantId,
      tenantCode: ctx.tenantCode,
      userId: ctx.user.id,
      account: ctx.user.account,
    };
    if (!(await limitedReauth(db, request, session, () => verifyPassword(body.oldPassword, row.password_hash)))) {
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
      { tenantId: ctx.tenantId, userId: ctx.user.id, currentHash: row.password_hash },
      body.newPassword,
    );
    const hash = await hashPassword(body.newPassword);
    await db.transaction().execute(async (trx) => {
      await setPassword(trx, ctx.tenantId, ctx.user.id, row.password_hash, hash, actorOf(ctx));
      await trx
        .updateTable('session_token')
        .set({ revoked_at: sql<Date>`now()` })
        .where('tenant_id', '=', ctx.tenantId)
        .where('user_id', '=', ctx.user.id)
        .where('id', '!=', ctx.tokenId)
        .where('revoked_at', 'is', null)
        .execute();
    });
    return null;
  });

  serve(app, account.updateProfile, async ({ body, ctx }) => {
    await db.transaction().execute(async (trx) => {
      const fields = ['id', 'account', 'nickname', 'email', 'mobile', 'remark'] as const;
      const before = await trx
        .selectFrom('app_user')
        .select(fields)
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', ctx.user.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const after = await trx
        .updateTable('app_user')
        .set({
          nickname: body.nickname,
          email: body.email ?? null,
          mobile: body.mobile ?? null,
          remark: body.remark ?? '',
          updated_at: sql<Date>`now()`,
        })
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', ctx.user.id)
        .returning(fields)
        .executeTakeFirstOrThrow();
      await recordRows(trx, actorOf(ctx), 'app-user', 'update', [
        { id: ctx.user.id, code: after.account, before, after },
      ]);
    });
    return loadCurrentUser(db, ctx.tenantId, ctx.user.id);
  });

  serve(app, auth.sendSmsCode, async ({ body, reply, request }) => {
    reply.header('cache-control', 'no-store');
    const tenant = await enabledTenant(db, body.tenantCode);
    if (!tenant) return { expiresInSeconds: SMS.ttlSeconds };
    const code = await issueSmsCode(db, tenant.id, body.mobile);
    const user = await db
      .selectFrom('app_user')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('mobile', '=', body.mobile)
      .where('status', '=', 'enabled')
      .executeTakeFirst();
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
    const log = (result: 'success' | 'failure' | 'locked', userId: string | null, reason?: string) =>
      tenant
        ? writeLoginLog(db, request, {
            tenantId: tenant.id,
            userId,
            account: body.mobile,
            method: 'sms',
            result,
            reason,
          })
        : Promise.resolve();
    const user = await limitedLogin(
      db,
      loginKey(request, body.tenantCode, `sms:${body.mobile}`),
      async () => {
        const ok = tenant ? await consumeSmsCode(db, tenant.id, body.mobile, body.code) : false;
        const users =
          ok && tenant
            ? await db
                .selectFrom('app_user')
                .select(['id', 'status', 'type'])
                .where('tenant_id', '=', tenant.id)
                .where('mobile', '=', body.mobile)
                .execute()
            : [];
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
