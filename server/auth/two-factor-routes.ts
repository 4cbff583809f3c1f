/**
 * Two-factor login (issue 26): enrolment and disabling in the personal centre, and the second step
 * of a login (a code, or enrolment when the policy requires it). Wrong codes count with the login
 * limits of the account, like wrong passwords.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { security } from '../../model/contract/security';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { TicketSteps, type LoginCall } from './ticket-steps';
import { TwoFactorSettings, type SignedInCall } from './two-factor-settings';

/** Secrets, recovery codes and sessions are answered once and never kept by a cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function twoFactorRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; config: Config }): void {
  const { db, config } = opts;
  const settings = (call: SignedInCall) => new TwoFactorSettings(db, call);
  const steps = (call: LoginCall) => new TicketSteps(db, config, call);

  serve(app, security.twoFactor, (call) => settings(call).status());
  serve(app, security.twoFactorSetup, (call) => {
    noStore(call.reply);
    return settings(call).setup();
  });
  serve(app, security.twoFactorEnable, (call) => {
    noStore(call.reply);
    return settings(call).enable(call.body.code);
  });
  serve(app, security.twoFactorDisable, (call) => settings(call).disable(call.body));
  serve(app, security.resetUserTwoFactor, (call) => settings(call).resetUser(call.params.id));

  serve(app, security.loginSecondStep, (call) => {
    noStore(call.reply);
    return steps(call).secondStep(call.body);
  });
  serve(app, security.loginPasswordChange, (call) => {
    noStore(call.reply);
    return steps(call).changePassword(call.body);
  });
  serve(app, security.loginEnrolSetup, (call) => {
    noStore(call.reply);
    return steps(call).enrolSetup(call.body.ticket);
  });
  serve(app, security.loginEnrolConfirm, (call) => {
    noStore(call.reply);
    return steps(call).enrolConfirm(call.body);
  });
}
