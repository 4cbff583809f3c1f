/**
 * The signer of a task proving who they are again (issue 25, 21 CFR Part 11 style): the password,
 * the authenticator's code when the signer has two-factor login on, and a meaning. Wrong answers
 * count with the session's and the account's re-authentication limits, as on change password.
 * Only the signed-in person signs, for themself: an API key never does.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { FLOW_FIELD_LABELS, type SigningInput } from '../../model/workflow/input';
import { SIGNATURE_MEANINGS } from '../../model/workflow/signature';
import type { DB } from '../db/types';
import { ApiError, validationError, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { limitedReauth, reauthSessionOf } from '../auth/attempts';
import { verifyPassword } from '../auth/password';
import { passwordHashOf } from '../auth/account-store';
import { spendSecondFactor, totpState } from '../auth/two-factor';

/** Who signs and with which meaning, once proven. */
export interface Signer {
  userId: string;
  name: string;
  meaning: string;
}

const issue = (field: string, message: string) =>
  ({ code: 'custom', path: [field], message, input: undefined }) as z.core.$ZodIssue;

/** Whether the signer must also give an authenticator code (their two-factor login is on). */
export async function signerNeedsCode(db: Kysely<DB>, tenantId: string, userId: string): Promise<boolean> {
  return Boolean((await totpState(db, tenantId, userId))?.enabled);
}

/**
 * Checks the signer's answers; `allowed` narrows the meanings (one task's list), else any known
 * meaning passes and each task checks its own. Throws 400 naming the field that is missing or wrong.
 */
export async function proveSigner(
  db: Kysely<DB>,
  request: FastifyRequest,
  ctx: RequestContext,
  tr: Translator,
  input: SigningInput,
  allowed?: readonly string[],
): Promise<Signer> {
  if (ctx.apiKey) throw new ApiError(403, 'flow.task.signNeedsPerson');
  const needsCode = await signerNeedsCode(db, ctx.tenantId, ctx.user.id);
  const missing: z.core.$ZodIssue[] = [];
  const meanings: readonly string[] = allowed ?? SIGNATURE_MEANINGS;
  if (!input.meaning) missing.push(issue('meaning', 'validation.required'));
  else if (!meanings.includes(input.meaning)) missing.push(issue('meaning', 'validation.signMeaningNotAllowed'));
  if (!input.password) missing.push(issue('password', 'validation.required'));
  if (needsCode && !input.code) missing.push(issue('code', 'validation.required'));
  if (missing.length) throw validationError(missing, tr, FLOW_FIELD_LABELS);

  const session = reauthSessionOf(ctx);
  const hash = await passwordHashOf(db, ctx.tenantId, ctx.user.id);
  if (!(await limitedReauth(db, request, session, () => verifyPassword(input.password!, hash)))) {
    throw validationError([issue('password', 'validation.oldPasswordWrong')], tr, FLOW_FIELD_LABELS);
  }
  if (
    needsCode &&
    !(await limitedReauth(db, request, session, () => spendSecondFactor(db, ctx.tenantId, ctx.user.id, input.code!)))
  ) {
    throw validationError([issue('code', 'validation.totpCodeWrong')], tr, FLOW_FIELD_LABELS);
  }
  return { userId: ctx.user.id, name: ctx.user.nickname || ctx.user.account, meaning: input.meaning! };
}
