/**
 * Two-factor login (issue 26): enrolment and disabling in the personal centre, and the second step
 * of a login (a code, or enrolment when the policy requires it). Wrong codes count with the login
 * limits of the account, like wrong passwords.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { SECURITY_FIELD_LABELS } from '../../model/security';
import { security } from '../../model/contract/security';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { inTransaction } from '../db/in-transaction';
import type { Translator } from '../i18n';
import { ApiError, notFound, validationError, type RequestContext } from '../http';
import { serve } from '../serve';
import { logOperation } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import { limitedLogin, limitedReauth, loginKey, writeLoginLog } from './attempts';
import { hashPassword, verifyPassword } from './password';
import { checkNewPassword, passwordPolicy, setPassword } from './password-policy';
import { finishPasswordStep, startSession } from './finish-login';
import { actorOf } from '../audit/write';
import { userActor } from '../audit/accounts';
import { passwordHashOf, userIdOf } from './account-store';
import { revokeUserTokens } from './sessions';
import {
  disableTotp,
  enableTotp,
  enrolStep,
  findTicket,
  policyRequires,
  recoveryCodesLeft,
  setTicketSecret,
  spendSecondFactor,
  storeTotpSetup,
  tenantName,
  tenantPolicy,
  ticketWrong,
  totpSetup,
  totpState,
  useTicket,
  type Ticket,
} from './two-factor';

/** 400 naming the field (`code` or `password`) whose answer was wrong. */
function wrongAnswer(tr: Translator, field: 'code' | 'password'): Error {
  const message = field === 'code' ? 'validation.totpCodeWrong' : 'validation.oldPasswordWrong';
  const issue = { code: 'custom', path: [field], message, input: undefined } as z.core.$ZodIssue;
  return validationError([issue], tr, SECURITY_FIELD_LABELS);
}

const ticketInvalid = () => new ApiError(400, 'auth.ticketInvalid');

export function twoFactorRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; config: Config }): void {
  const { db, config } = opts;

  const reauthSession = (ctx: RequestContext) => ({
    tokenId: ctx.tokenId,
    tenantId: ctx.tenantId,
    tenantCode: ctx.tenantCode,
    userId: ctx.user.id,
    account: ctx.user.account,
  });

  /** A ticket's code under the login limits of its account; a wrong one also counts against the ticket. */
  async function ticketCode<T>(
    request: FastifyRequest,
    t: Ticket,
    tr: Translator,
    check: () => Promise<T | null>,
  ): Promise<T> {
    const value = await limitedLogin(
      db,
      loginKey(request, t.tenantCode, t.account),
      async () => {
        const v = await check();
        return { ok: v !== null, value: v };
      },
      (retry) =>
        writeLoginLog(db, request, {
          tenantId: t.tenantId,
          userId: t.userId,
          account: t.account,
          method: t.method,
          result: 'locked',
          reason: `retry after ${retry}s (second factor)`,
        }),
    );
    if (value === null) {
      await ticketWrong(db, t);
      await writeLoginLog(db, request, {
        tenantId: t.tenantId,
        userId: t.userId,
        account: t.account,
        method: t.method,
        result: 'failure',
        reason: 'wrong second-factor code',
      });
      throw wrongAnswer(tr, 'code');
    }
    return value;
  }

  serve(app, security.twoFactor, async ({ ctx }) => {
    const [policy, state, left] = await Promise.all([
      tenantPolicy(db, ctx.tenantId),
      totpState(db, ctx.tenantId, ctx.user.id),
      recoveryCodesLeft(db, ctx.tenantId, ctx.user.id),
    ]);
    return {
      enabled: Boolean(state?.enabled),
      enabledAt: state?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: state?.enabled ? left : 0,
      policy,
      required: policyRequires(policy, ctx.user.type),
    };
  });

  serve(app, security.twoFactorSetup, async ({ ctx, reply }) => {
    reply.header('cache-control', 'no-store');
    if ((await tenantPolicy(db, ctx.tenantId)) === 'off') throw new ApiError(409, 'security.twoFactorOff');
    if ((await totpState(db, ctx.tenantId, ctx.user.id))?.enabled)
      throw new ApiError(409, 'security.twoFactorAlreadyOn');
    const setup = await totpSetup(await tenantName(db, ctx.tenantId), `${ctx.user.account}@${ctx.tenantCode}`);
    await storeTotpSetup(db, ctx.tenantId, ctx.user.id, setup.secret);
    return setup;
  });

  serve(app, security.twoFactorEnable, async ({ body, ctx, request, reply, tr }) => {
    reply.header('cache-control', 'no-store');
    const state = await totpState(db, ctx.tenantId, ctx.user.id);
    if (state?.enabled) throw new ApiError(409, 'security.twoFactorAlreadyOn');
    if (!state) throw new ApiError(409, 'security.setupFirst');
    let step: number | null = null;
    const ok = await limitedReauth(
      db,
      request,
      reauthSession(ctx),
      async () => (step = enrolStep(state.secret, body.code)) !== null,
    );
    if (!ok || step === null) throw wrongAnswer(tr, 'code');
    const enabledStep: number = step;
    const recoveryCodes = await inTransaction(db, (trx) =>
      enableTotp(trx, ctx.tenantId, ctx.user.id, state.secret, enabledStep, actorOf(ctx)),
    );
    return { recoveryCodes };
  });

  serve(app, security.twoFactorDisable, async ({ body, ctx, request, tr }) => {
    const policy = await tenantPolicy(db, ctx.tenantId);
    if (policyRequires(policy, ctx.user.type)) throw new ApiError(409, 'security.twoFactorRequired');
    if (!(await totpState(db, ctx.tenantId, ctx.user.id))?.enabled) throw new ApiError(409, 'security.twoFactorNotOn');
    const currentHash = await passwordHashOf(db, ctx.tenantId, ctx.user.id);
    if (!(await limitedReauth(db, request, reauthSession(ctx), () => verifyPassword(body.password, currentHash))))
      throw wrongAnswer(tr, 'password');
    if (
      !(await limitedReauth(db, request, reauthSession(ctx), () =>
        spendSecondFactor(db, ctx.tenantId, ctx.user.id, body.code),
      ))
    )
      throw wrongAnswer(tr, 'code');
    await inTransaction(db, (trx) => disableTotp(trx, ctx.tenantId, ctx.user.id, actorOf(ctx)));
    return null;
  });

  serve(app, security.resetUserTwoFactor, async ({ params, ctx, request }) => {
    const userId = await userIdOf(db, ctx.tenantId, params.id);
    if (!userId) throw notFound();
    await inTransaction(db, async (trx) => {
      await disableTotp(trx, ctx.tenantId, userId, actorOf(ctx));
      await logOperation(trx, callerOf(ctx), {
        type: 'edit',
        method: request.method,
        path: request.url,
        resource: 'user',
        ids: [userId],
      });
    });
    return null;
  });

  serve(app, security.loginSecondStep, async ({ body, request, reply, tr }) => {
    reply.header('cache-control', 'no-store');
    const t = await findTicket(db, body.ticket);
    if (!t || t.kind !== 'totp') throw ticketInvalid();
    await ticketCode(request, t, tr, async () =>
      (await spendSecondFactor(db, t.tenantId, t.userId, body.code)) ? true : null,
    );
    if (!(await useTicket(db, t))) throw ticketInvalid();
    return startSession(db, config, request, {
      tenantId: t.tenantId,
      userId: t.userId,
      method: t.method,
      logAccount: t.account,
    });
  });

  serve(app, security.loginPasswordChange, async ({ body, request, reply, tr }) => {
    reply.header('cache-control', 'no-store');
    const t = await findTicket(db, body.ticket);
    if (!t || t.kind !== 'password') throw ticketInvalid();
    const currentHash = await passwordHashOf(db, t.tenantId, t.userId);
    await checkNewPassword(
      db,
      tr,
      await passwordPolicy(db, t.tenantId),
      { tenantId: t.tenantId, userId: t.userId, currentHash },
      body.newPassword,
    );
    const hash = await hashPassword(body.newPassword);
    await inTransaction(db, async (trx) => {
      if (!(await useTicket(trx, t))) throw ticketInvalid();
      await setPassword(
        trx,
        t.tenantId,
        t.userId,
        currentHash,
        hash,
        userActor(t.tenantId, t.userId, t.account, request.ip),
      );
      await revokeUserTokens(trx, t.tenantId, t.userId);
    });
    return finishPasswordStep(db, config, request, {
      tenantId: t.tenantId,
      userId: t.userId,
      userType: t.userType,
      method: 'password',
      logAccount: t.account,
    });
  });

  serve(app, security.loginEnrolSetup, async ({ body, reply }) => {
    reply.header('cache-control', 'no-store');
    const t = await findTicket(db, body.ticket);
    if (!t || t.kind !== 'enrol') throw ticketInvalid();
    const setup = await totpSetup(await tenantName(db, t.tenantId), `${t.account}@${t.tenantCode}`);
    await setTicketSecret(db, t, setup.secret);
    return setup;
  });

  serve(app, security.loginEnrolConfirm, async ({ body, request, reply, tr }) => {
    reply.header('cache-control', 'no-store');
    const t = await findTicket(db, body.ticket);
    if (!t || t.kind !== 'enrol') throw ticketInvalid();
    const secret = t.secret;
    if (!secret) throw new ApiError(409, 'security.setupFirst');
    const step = await ticketCode(request, t, tr, async () => enrolStep(secret, body.code));
    const recoveryCodes = await inTransaction(db, async (trx) => {
      if (!(await useTicket(trx, t))) throw ticketInvalid();
      return enableTotp(
        trx,
        t.tenantId,
        t.userId,
        secret,
        step,
        userActor(t.tenantId, t.userId, t.account, request.ip),
      );
    });
    const login = await startSession(db, config, request, {
      tenantId: t.tenantId,
      userId: t.userId,
      method: t.method,
      logAccount: t.account,
    });
    return { ...login, recoveryCodes };
  });
}
