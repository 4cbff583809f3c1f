/** The end of a right first factor: a session, or the second step two-factor login still asks for. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { Config } from '../config';
import type { LoginData } from '../../model/auth';
import type { LoginAnswer } from '../../model/security';
import { loadCurrentUser } from './current-user';
import { writeLoginLog } from './attempts';
import { issueToken } from './tokens';
import { createTicket, secondStepFor } from './two-factor';
import { passwordExpired, passwordPolicy } from './password-policy';
import { factoryList } from '../platform/store';

export interface FirstFactor {
  tenantId: string;
  userId: string;
  userType: 'admin' | 'staff';
  method: 'password' | 'sms';
  /** What the login log names: the account or the mobile number typed. */
  logAccount: string;
}

const headerOf = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : null;
};

/** Issues the session of a completed login and logs it. */
export async function startSession(
  db: Kysely<DB>,
  config: Config,
  request: FastifyRequest,
  who: { tenantId: string; userId: string; method: 'password' | 'sms' | 'sso'; logAccount: string },
): Promise<LoginData> {
  await writeLoginLog(db, request, {
    tenantId: who.tenantId,
    userId: who.userId,
    account: who.logAccount,
    method: who.method,
    result: 'success',
  });
  return issueSession(db, config, request, who);
}

/** Issues the session of a login logged already (single sign-on logs it at its callback). */
export async function issueSession(
  db: Kysely<DB>,
  config: Config,
  request: FastifyRequest,
  who: { tenantId: string; userId: string; method: 'password' | 'sms' | 'sso' },
): Promise<LoginData> {
  const { token, expiresAt } = await issueToken(db, {
    tenantId: who.tenantId,
    userId: who.userId,
    ttlHours: config.tokenTtlHours,
    method: who.method,
    clientId: headerOf(request, 'x-client-id'),
    ip: request.ip ?? null,
    userAgent: headerOf(request, 'user-agent'),
  });
  const user = await loadCurrentUser(db, who.tenantId, who.userId);
  // The client enters a factory next: the list comes with the session instead of a call after it.
  const factories = await factoryList(db, who.tenantId, who.userId, user.type);
  return { token, expiresAt: expiresAt.toISOString(), user, factories };
}

/** After the password (or SMS code): an expired password is changed first, then the second factor, then the session. */
export async function finishFirstFactor(
  db: Kysely<DB>,
  config: Config,
  request: FastifyRequest,
  first: FirstFactor,
): Promise<LoginAnswer> {
  if (first.method === 'password') {
    const user = await db
      .selectFrom('app_user')
      .select('password_changed_at')
      .where('tenant_id', '=', first.tenantId)
      .where('id', '=', first.userId)
      .executeTakeFirstOrThrow();
    if (passwordExpired(user.password_changed_at, await passwordPolicy(db, first.tenantId))) {
      const { ticket, expiresAt } = await createTicket(db, {
        tenantId: first.tenantId,
        userId: first.userId,
        kind: 'password',
        method: 'password',
      });
      return { secondStep: 'password', ticket, expiresAt: expiresAt.toISOString() };
    }
  }
  return finishPasswordStep(db, config, request, first);
}

/** The login once the password is current: the second factor, or the session. */
export async function finishPasswordStep(
  db: Kysely<DB>,
  config: Config,
  request: FastifyRequest,
  first: FirstFactor,
): Promise<LoginAnswer> {
  const step = await secondStepFor(db, first.tenantId, { id: first.userId, type: first.userType });
  if (step) {
    const { ticket, expiresAt } = await createTicket(db, {
      tenantId: first.tenantId,
      userId: first.userId,
      kind: step,
      method: first.method,
    });
    return { secondStep: step, ticket, expiresAt: expiresAt.toISOString() };
  }
  return startSession(db, config, request, first);
}
