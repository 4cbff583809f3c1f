/**
 * A user's own two-factor login in the personal centre (its state, enrolment, disabling), and an
 * administrator resetting a user's. Wrong answers count with the session's and the account's
 * re-authentication limits, like a wrong current password.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  SECURITY_FIELD_LABELS,
  type DisableTwoFactorInput,
  type RecoveryCodes,
  type TotpSetup,
  type TwoFactorStatus,
} from '../../model/security';
import type { DB } from '../db/types';
import { inTransaction } from '../db/in-transaction';
import type { Translator } from '../i18n';
import { ApiError, notFound, validationError, type RequestContext } from '../http';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import { actorOf } from '../audit/write';
import { limitedReauth, reauthSessionOf } from './attempts';
import { verifyPassword } from './password';
import { passwordHashOf, userIdOf } from './account-store';
import {
  disableTotp,
  enableTotp,
  enrolStep,
  policyRequires,
  recoveryCodesLeft,
  spendSecondFactor,
  storeTotpSetup,
  tenantName,
  tenantPolicy,
  totpSetup,
  totpState,
} from './two-factor';

/** 400 naming the field (`code` or `password`) whose answer was wrong. */
export function wrongAnswer(tr: Translator, field: 'code' | 'password'): Error {
  const message = field === 'code' ? 'validation.totpCodeWrong' : 'validation.oldPasswordWrong';
  const issue = { code: 'custom', path: [field], message, input: undefined } as z.core.$ZodIssue;
  return validationError([issue], tr, SECURITY_FIELD_LABELS);
}

/** What a call of the signed-in user brings: who, their language, and the request limits count. */
export interface SignedInCall {
  ctx: RequestContext;
  tr: Translator;
  request: FastifyRequest;
}

export class TwoFactorSettings {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly call: SignedInCall,
  ) {}

  async status(): Promise<TwoFactorStatus> {
    const { ctx } = this.call;
    const [policy, state, left] = await Promise.all([
      tenantPolicy(this.db, ctx.tenantId),
      totpState(this.db, ctx.tenantId, ctx.user.id),
      recoveryCodesLeft(this.db, ctx.tenantId, ctx.user.id),
    ]);
    return {
      enabled: Boolean(state?.enabled),
      enabledAt: state?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: state?.enabled ? left : 0,
      policy,
      required: policyRequires(policy, ctx.user.type),
    };
  }

  /** A new secret to enrol with, kept until it is confirmed. */
  async setup(): Promise<TotpSetup> {
    const { ctx } = this.call;
    if ((await tenantPolicy(this.db, ctx.tenantId)) === 'off') throw new ApiError(409, 'security.twoFactorOff');
    if ((await totpState(this.db, ctx.tenantId, ctx.user.id))?.enabled)
      throw new ApiError(409, 'security.twoFactorAlreadyOn');
    const setup = await totpSetup(await tenantName(this.db, ctx.tenantId), `${ctx.user.account}@${ctx.tenantCode}`);
    await storeTotpSetup(this.db, ctx.tenantId, ctx.user.id, setup.secret);
    return setup;
  }

  /** Confirms the secret of the setup with a code from the authenticator. */
  async enable(code: string): Promise<RecoveryCodes> {
    const { ctx, tr, request } = this.call;
    const state = await totpState(this.db, ctx.tenantId, ctx.user.id);
    if (state?.enabled) throw new ApiError(409, 'security.twoFactorAlreadyOn');
    if (!state) throw new ApiError(409, 'security.setupFirst');
    let step: number | null = null;
    const ok = await limitedReauth(
      this.db,
      request,
      reauthSessionOf(ctx),
      async () => (step = enrolStep(state.secret, code)) !== null,
    );
    if (!ok || step === null) throw wrongAnswer(tr, 'code');
    const enabledStep: number = step;
    const recoveryCodes = await inTransaction(this.db, (trx) =>
      enableTotp(trx, ctx.tenantId, ctx.user.id, state.secret, enabledStep, actorOf(ctx)),
    );
    return { recoveryCodes };
  }

  /** Turns it off with the password and a code; refused while the policy requires it of this user. */
  async disable(answers: DisableTwoFactorInput): Promise<null> {
    const { ctx, tr, request } = this.call;
    const policy = await tenantPolicy(this.db, ctx.tenantId);
    if (policyRequires(policy, ctx.user.type)) throw new ApiError(409, 'security.twoFactorRequired');
    if (!(await totpState(this.db, ctx.tenantId, ctx.user.id))?.enabled)
      throw new ApiError(409, 'security.twoFactorNotOn');
    const currentHash = await passwordHashOf(this.db, ctx.tenantId, ctx.user.id);
    if (
      !(await limitedReauth(this.db, request, reauthSessionOf(ctx), () =>
        verifyPassword(answers.password, currentHash),
      ))
    )
      throw wrongAnswer(tr, 'password');
    if (
      !(await limitedReauth(this.db, request, reauthSessionOf(ctx), () =>
        spendSecondFactor(this.db, ctx.tenantId, ctx.user.id, answers.code),
      ))
    )
      throw wrongAnswer(tr, 'code');
    await inTransaction(this.db, (trx) => disableTotp(trx, ctx.tenantId, ctx.user.id, actorOf(ctx)));
    return null;
  }

  /** An administrator turning off user `id`'s two-factor login (logged as an edit of the user). */
  async resetUser(id: string): Promise<null> {
    const { ctx, request } = this.call;
    const userId = await userIdOf(this.db, ctx.tenantId, id);
    if (!userId) throw notFound();
    await inTransaction(this.db, async (trx) => {
      await disableTotp(trx, ctx.tenantId, userId, actorOf(ctx));
      await logOperation(trx, callerOf(ctx), {
        type: 'edit',
        ...requestLine(request),
        resource: 'user',
        ids: [userId],
      });
    });
    return null;
  }
}
