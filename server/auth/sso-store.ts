/**
 * The SQL of single sign-on: the logins waiting for the provider, the identities linked to users,
 * and the one-time codes the shell trades for a session.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';
import { writeHistory } from '../audit/write';
import { accountOf, userActor } from '../audit/accounts';

export async function saveSsoLogin(
  db: Kysely<DB>,
  login: {
    stateHash: string;
    browserHash: string;
    tenantId: string;
    verifier: string;
    nonce: string;
    language: string;
  },
): Promise<void> {
  await db
    .insertInto('sso_login')
    .values({
      state_hash: login.stateHash,
      browser_hash: login.browserHash,
      tenant_id: login.tenantId,
      verifier: login.verifier,
      nonce: login.nonce,
      language: login.language,
    })
    .execute();
}

/** Marks the login of this state used and answers it; undefined when it is unknown, used, or older than `since`. */
export async function claimSsoLogin(db: Kysely<DB>, stateHash: string, since: Date) {
  return db
    .updateTable('sso_login')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('created_at', '>', since)
    .returning(['tenant_id', 'browser_hash', 'verifier', 'nonce', 'language'])
    .executeTakeFirst();
}

/** The user the provider's identity is linked to in the tenant, or null. */
export async function identityUserId(
  db: Kysely<DB>,
  tenantId: string,
  identity: { issuer: string; subject: string },
): Promise<string | null> {
  const linked = await db
    .selectFrom('user_identity')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  return linked?.user_id ?? null;
}

/**
 * Links the provider's identity to a user (unless it is already) and says so in the user's history,
 * in one transaction; the user acts, from `ip`.
 */
export async function linkIdentity(
  db: Kysely<DB>,
  link: { tenantId: string; userId: string; issuer: string; subject: string },
  ip: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('user_identity')
      .values({
        tenant_id: link.tenantId,
        user_id: link.userId,
        issuer: link.issuer,
        subject: link.subject,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!made) return;
    const account = await accountOf(trx, link.tenantId, link.userId);
    await writeHistory(trx, userActor(link.tenantId, link.userId, account, ip), [
      {
        action: 'update',
        entity: 'app-user',
        recordId: link.userId,
        recordCode: account,
        changes: [{ field: 'identity', before: null, after: `${link.issuer} ${link.subject}` }],
      },
    ]);
  });
}

export async function saveSsoExchange(
  db: Kysely<DB>,
  exchange: { codeHash: string; tenantId: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sso_exchange')
    .values({
      code_hash: exchange.codeHash,
      tenant_id: exchange.tenantId,
      user_id: exchange.userId,
      expires_at: exchange.expiresAt,
    })
    .execute();
}

/** Marks an unexpired exchange code used and answers whose session it is for; undefined when it is not valid. */
export async function claimSsoExchange(db: Kysely<DB>, codeHash: string) {
  return db
    .updateTable('sso_exchange')
    .set({ used_at: sql<Date>`now()` })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['tenant_id', 'user_id'])
    .executeTakeFirst();
}
