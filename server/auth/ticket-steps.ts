/**
 * The steps of a login after a right first factor, each answering its ticket: the second factor's
 * code, the change of an expired password, and enrolment when the policy requires two-factor login.
 * Wrong codes count with the login limits of the account, like wrong passwords.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { LoginData } from '../../model/auth';
import type {
  EnrolledLogin,
  LoginAnswer,
  SecondStepInput,
  TotpSetup,
  enrolAtLoginInput,
  expiredPasswordInput,
} from '../../model/security';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { inTransaction } from '../db/in-transaction';
import type { Translator } from '../i18n';
import { ApiError } from '../http';
import { userActor } from '../audit/accounts';
import { limitedLogin, loginKey, writeLoginLog } from './attempts';
import { hashPassword } from './password';
import { checkNewPassword, passwordPolicy, setPassword } from './password-policy';
import { finishPasswordStep, startSession } from './finish-login';
import { passwordHashOf } from './account-store';
import { revokeUserTokens } from './sessions';
import {
  enableTotp,
  enrolStep,
  findTicket,
  setTicketSecret,
  spendSecondFactor,
  tenantName,
  ticketWrong,
  totpSetup,
  useTicket,
  type Ticket,
} from './two-factor';
import { wrongAnswer } from './two-factor-settings';

const ticketInvalid = () => new ApiError(400, 'auth.ticketInvalid');

/** What a login step brings: the request (its address counts with the limits) and the caller's language. */
export interface LoginCall {
  tr: Translator;
  request: FastifyRequest;
}

export class TicketSteps {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Config,
    private readonly call: LoginCall,
  ) {}

  /** The ticket of a step of this kind; 400 when it is unknown, used, expired or of another step. */
  private async ticket(ticket: string, kind: Ticket['kind']): Promise<Ticket> {
    const t = await findTicket(this.db, ticket);
    if (!t || t.kind !== kind) throw ticketInvalid();
    return t;
  }

  /** A ticket's code under the login limits of its account; a wrong one also counts against the ticket. */
  private async ticketCode<T>(t: Ticket, check: () => Promise<T | null>): Promise<T> {
    const { db } = this;
    const { request, tr } = this.call;
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

  /** The second factor (an authenticator or a recovery code): the session. */
  async secondStep(input: SecondStepInput): Promise<LoginData> {
    const t = await this.ticket(input.ticket, 'totp');
    await this.ticketCode(t, async () =>
      (await spendSecondFactor(this.db, t.tenantId, t.userId, input.code)) ? true : null,
    );
    if (!(await useTicket(this.db, t))) throw ticketInvalid();
    return startSession(this.db, this.config, this.call.request, {
      tenantId: t.tenantId,
      userId: t.userId,
      method: t.method,
      logAccount: t.account,
    });
  }

  /** An expired password changed: the session, or the second step still due. */
  async changePassword(input: z.output<typeof expiredPasswordInput>): Promise<LoginAnswer> {
    const { db, config } = this;
    const { request, tr } = this.call;
    const t = await this.ticket(input.ticket, 'password');
    const currentHash = await passwordHashOf(db, t.tenantId, t.userId);
    await checkNewPassword(
      db,
      tr,
      await passwordPolicy(db, t.tenantId),
      { tenantId: t.tenantId, userId: t.userId, currentHash },
      input.newPassword,
    );
    const hash = await hashPassword(input.newPassword);
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
  }

  /** A secret to enrol with, kept on the ticket until it is confirmed. */
  async enrolSetup(ticket: string): Promise<TotpSetup> {
    const t = await this.ticket(ticket, 'enrol');
    const setup = await totpSetup(await tenantName(this.db, t.tenantId), `${t.account}@${t.tenantCode}`);
    await setTicketSecret(this.db, t, setup.secret);
    return setup;
  }

  /** Enrolment confirmed with a code: the session and the recovery codes. */
  async enrolConfirm(input: z.output<typeof enrolAtLoginInput>): Promise<EnrolledLogin> {
    const { db, config } = this;
    const { request } = this.call;
    const t = await this.ticket(input.ticket, 'enrol');
    const secret = t.secret;
    if (!secret) throw new ApiError(409, 'security.setupFirst');
    const step = await this.ticketCode(t, async () => enrolStep(secret, input.code));
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
  }
}
