/**
 * Two-factor login (issue 26): the tenant's policy, a user's authenticator and recovery codes, and
 * the login tickets between a right first factor and a session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-security';
import { RECOVERY_CODE_COUNT, type TwoFactorPolicy } from '../../model/security';
import { matchTotp, newTotpSecret, otpauthUrl, TOTP } from './totp';
import { newToken, sha256 } from './tokens';
import QRCode from 'qrcode';
import { writeHistory, type AuditActor } from '../audit/write';
import { accountOf } from '../audit/accounts';

/** How long a login ticket lasts, and the wrong codes it takes before it is void. */
export const TICKET = { ttlMs: 5 * 60_000, maxWrong: 5 } as const;

export async function tenantPolicy(db: Kysely<DB>, tenantId: string): Promise<TwoFactorPolicy> {
  const row = await db
    .selectFrom('tenant_security_policy')
    .select('two_factor')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.two_factor ?? 'optional';
}

export function policyRequires(policy: TwoFactorPolicy, userType: 'admin' | 'staff'): boolean {
  return policy === 'everyone' || (policy === 'admins' && userType === 'admin');
}

export interface TotpState {
  secret: string;
  enabled: boolean;
  enabledAt: Date | null;
  lastStep: number;
}

export async function totpState(
  db: Kysely<DB> | Transaction<DB>,
  tenantId: string,
  userId: string,
): Promise<TotpState | null> {
  const row = await db
    .selectFrom('user_totp')
    .select(['secret', 'enabled_at', 'last_step'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    secret: row.secret,
    enabled: row.enabled_at !== null,
    enabledAt: row.enabled_at ? new Date(row.enabled_at) : null,
    lastStep: Number(row.last_step),
  };
}

/** What a right first factor still needs: a code, enrolment first, or nothing. */
export async function secondStepFor(
  db: Kysely<DB>,
  tenantId: string,
  user: { id: string; type: 'admin' | 'staff' },
): Promise<'totp' | 'enrol' | null> {
  const policy = await tenantPolicy(db, tenantId);
  if (policy === 'off') return null;
  if ((await totpState(db, tenantId, user.id))?.enabled) return 'totp';
  return policyRequires(policy, user.type) ? 'enrol' : null;
}

export async function createTicket(
  db: Kysely<DB>,
  input: { tenantId: string; userId: string; kind: 'totp' | 'enrol' | 'password'; method: 'password' | 'sms' },
  now = Date.now(),
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = newToken();
  const expiresAt = new Date(now + TICKET.ttlMs);
  await db
    .insertInto('login_challenge')
    .values({
      tenant_id: input.tenantId,
      ticket_hash: sha256(ticket),
      user_id: input.userId,
      kind: input.kind,
      method: input.method,
      expires_at: expiresAt,
      created_at: new Date(now),
    })
    .execute();
  // Now and then, tickets of yesterday go (as the login attempts do).
  if (Math.random() < 0.02)
    await db
      .deleteFrom('login_challenge')
      .where('expires_at', '<', new Date(now - 86_400_000))
      .execute();
  return { ticket, expiresAt };
}

export interface Ticket {
  id: string;
  tenantId: string;
  tenantCode: string;
  userId: string;
  account: string;
  userType: 'admin' | 'staff';
  kind: 'totp' | 'enrol' | 'password';
  method: 'password' | 'sms';
  secret: string | null;
  wrong: number;
}

/** A ticket that is unused, not expired, not voided, of an enabled user of an enabled tenant; else null. */
export async function findTicket(db: Kysely<DB>, ticket: string, now = Date.now()): Promise<Ticket | null> {
  const row = await db
    .selectFrom('login_challenge as c')
    .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.user_id'))
    .innerJoin('tenant as t', 't.id', 'c.tenant_id')
    .select([
      'c.id',
      'c.tenant_id as tenantId',
      't.code as tenantCode',
      'c.user_id as userId',
      'u.account',
      'u.type as userType',
      'c.kind',
      'c.method',
      'c.secret',
      'c.wrong',
      'c.expires_at as expiresAt',
    ])
    .where('c.ticket_hash', '=', sha256(ticket))
    .where('c.used_at', 'is', null)
    .where('c.wrong', '<', TICKET.maxWrong)
    .where('u.status', '=', 'enabled')
    .where('t.status', '=', 'enabled')
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= now) return null;
  const { expiresAt: _e, ...rest } = row;
  return rest;
}

/** A wrong code on a ticket: counted, and the ticket void after TICKET.maxWrong. */
export async function ticketWrong(db: Kysely<DB>, t: Ticket): Promise<void> {
  await db
    .updateTable('login_challenge')
    .set((eb) => ({ wrong: eb('wrong', '+', 1) }))
    .where('tenant_id', '=', t.tenantId)
    .where('id', '=', t.id)
    .execute();
}

/** Takes the ticket once: false when a concurrent request took it first. */
export async function useTicket(db: Kysely<DB> | Transaction<DB>, t: Ticket, now = Date.now()): Promise<boolean> {
  const r = await db
    .updateTable('login_challenge')
    .set({ used_at: new Date(now) })
    .where('tenant_id', '=', t.tenantId)
    .where('id', '=', t.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
const hashRecovery = (code: string) =>
  createHash('sha256')
    .update(`recovery:${normaliseRecovery(code)}`)
    .digest('hex');

/** Ten new recovery codes (`xxxxx-xxxxx`, 50 random bits each) replacing the user's old ones; answered once, stored hashed. */
export async function newRecoveryCodes(
  trx: Kysely<DB> | Transaction<DB>,
  tenantId: string,
  userId: string,
): Promise<string[]> {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await trx.deleteFrom('user_recovery_code').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  await trx
    .insertInto('user_recovery_code')
    .values(codes.map((c) => ({ tenant_id: tenantId, user_id: userId, code_hash: hashRecovery(c) })))
    .execute();
  return codes;
}

export async function recoveryCodesLeft(db: Kysely<DB>, tenantId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_code')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Checks a second factor of an enrolled user and spends it: an authenticator code is accepted once
 * (its time step becomes the newest spent one, so it and older codes are refused after), a recovery
 * code once. Concurrent requests with one code: one wins.
 */
export async function spendSecondFactor(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const state = await totpState(db, tenantId, userId);
  if (!state?.enabled) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchTotp(state.secret, trimmed, state.lastStep, now);
    if (step === null) return false;
    const r = await db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('last_step', '<', String(step))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  const r = await db
    .updateTable('user_recovery_code')
    .set({ used_at: new Date(now) })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecovery(trimmed))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The time step of `code` for a secret being enrolled, or null. */
export const enrolStep = (secret: string, code: string, now = Date.now()) => matchTotp(secret, code.trim(), 0, now);

/** Deletes the user's authenticator row; true when it was on. */
async function dropTotp(trx: Transaction<DB>, tenantId: string, userId: string): Promise<boolean> {
  const was = await trx
    .deleteFrom('user_totp')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .returning('enabled_at')
    .executeTakeFirst();
  return Boolean(was?.enabled_at);
}

/** Turns the authenticator on with `secret` (its first code spent) and answers new recovery codes. */
export async function enableTotp(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string,
  secret: string,
  step: number,
  actor: AuditActor,
  now = Date.now(),
): Promise<string[]> {
  const wasOn = await dropTotp(trx, tenantId, userId);
  await trx
    .insertInto('user_totp')
    .values({ tenant_id: tenantId, user_id: userId, secret, enabled_at: new Date(now), last_step: step })
    .execute();
  const codes = await newRecoveryCodes(trx, tenantId, userId);
  await twoFactorHistory(trx, actor, tenantId, userId, wasOn, true);
  return codes;
}

export async function disableTotp(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string,
  actor: AuditActor,
): Promise<void> {
  const wasOn = await dropTotp(trx, tenantId, userId);
  await trx.deleteFrom('user_recovery_code').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  await twoFactorHistory(trx, actor, tenantId, userId, wasOn, false);
}

/** The user's history: two-factor on or off; its secret and recovery codes only as changed. */
async function twoFactorHistory(
  trx: Transaction<DB>,
  actor: AuditActor,
  tenantId: string,
  userId: string,
  before: boolean,
  after: boolean,
): Promise<void> {
  if (!before && !after) return;
  const changes = [
    ...(before !== after ? [{ field: 'twoFactor', before, after }] : []),
    { field: 'totpSecret', before: null, after: null, secret: true as const },
    { field: 'recoveryCodes', before: null, after: null, secret: true as const },
  ];
  await writeHistory(trx, actor, [
    {
      action: 'update',
      entity: 'app-user',
      recordId: userId,
      recordCode: await accountOf(trx, tenantId, userId),
      changes,
    },
  ]);
}

/** The name an authenticator app shows for the tenant's codes. */
export async function tenantName(db: Kysely<DB>, tenantId: string): Promise<string> {
  const t = await db.selectFrom('tenant').select('name').where('id', '=', tenantId).executeTakeFirst();
  return t?.name ?? 'MES Portal';
}

/** Replaces the user's authenticator with `secret`, not yet enabled (enrolment confirms it with a code). */
export async function storeTotpSetup(db: Kysely<DB>, tenantId: string, userId: string, secret: string): Promise<void> {
  await db.deleteFrom('user_totp').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  await db.insertInto('user_totp').values({ tenant_id: tenantId, user_id: userId, secret, enabled_at: null }).execute();
}

/** Keeps the secret being enrolled at login on its ticket. */
export async function setTicketSecret(db: Kysely<DB>, t: Ticket, secret: string): Promise<void> {
  await db
    .updateTable('login_challenge')
    .set({ secret })
    .where('tenant_id', '=', t.tenantId)
    .where('id', '=', t.id)
    .execute();
}

/** A new secret to enrol, with the address and QR code an authenticator app scans. */
export async function totpSetup(
  issuer: string,
  account: string,
): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const secret = newTotpSecret();
  const url = otpauthUrl(secret, issuer, account);
  return { secret, otpauthUrl: url, qrCode: await QRCode.toDataURL(url, { margin: 1, width: 200 }) };
}

export { TOTP };
