/** Creating tenants (with their first records), users and role grants: the tenant screen, staff accounts, the seed and tests. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { hashPassword } from '../auth/password';
import { LANGUAGE_NAMES, staffMenuCodes } from '../../model/catalogue';
import { LANGUAGES } from '../../model/languages';

export interface CreateTenantInput {
  code: string;
  name: string;
  domain?: string | null;
  expiresAt?: Date | null;
  /** Admin account created with the tenant (type admin, role `admin`). */
  adminAccount?: string;
  adminPassword: string;
  factory?: { code: string; name: string };
  organization?: { code: string; name: string };
}

export interface CreatedTenant {
  tenantId: string;
  factoryId: string;
  organizationId: string;
  adminUserId: string;
  roles: { admin: string; staff: string };
}

/**
 * Creates a tenant with one factory, one organisation, the roles `admin` (every menu, button and
 * tab) and `staff` (view of the menus marked for staff, no buttons), the `language` dictionary and
 * an admin user.
 */
export async function createTenant(db: Kysely<DB>, input: CreateTenantInput): Promise<CreatedTenant> {
  const passwordHash = await hashPassword(input.adminPassword);
  return db.transaction().execute(async (trx) => {
    const tenant = await trx
      .insertInto('tenant')
      .values({ code: input.code, name: input.name, domain: input.domain ?? null, expires_at: input.expiresAt ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return provisionTenant(trx, tenant.id, input, passwordHash);
  });
}

/** What a new tenant starts with (see createTenant), inside the caller's transaction. */
export async function provisionTenant(
  trx: Kysely<DB>,
  tenantId: string,
  input: Pick<CreateTenantInput, 'name' | 'adminAccount' | 'factory' | 'organization'>,
  passwordHash: string,
): Promise<CreatedTenant> {
  const factory = await trx
    .insertInto('factory')
    .values({
      tenant_id: tenantId,
      code: input.factory?.code ?? 'F001',
      name: input.factory?.name ?? `${input.name} Factory 1`,
      status: 'normal',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const org = await trx
    .insertInto('organization')
    .values({
      tenant_id: tenantId,
      code: input.organization?.code ?? 'ORG001',
      name: input.organization?.name ?? input.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const adminRole = await trx
    .insertInto('role')
    .values({ tenant_id: tenantId, code: 'admin', name: 'Administrator', sort: 1, enabled: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const staffRole = await trx
    .insertInto('role')
    .values({ tenant_id: tenantId, code: 'staff', name: 'Staff', sort: 2, enabled: true })
    .returning('id')
    .executeTakeFirstOrThrow();

  const menus = await trx.selectFrom('menu').select(['id', 'code', 'type']).execute();
  if (menus.length > 0) {
    await trx
      .insertInto('role_menu')
      .values(menus.map((m) => ({ tenant_id: tenantId, role_id: adminRole.id, menu_id: m.id })))
      .execute();
  }
  const staffCodes = new Set(staffMenuCodes());
  const staffMenus = menus.filter((m) => m.type === 'menu' && staffCodes.has(m.code));
  if (staffMenus.length > 0) {
    await trx
      .insertInto('role_menu')
      .values(staffMenus.map((m) => ({ tenant_id: tenantId, role_id: staffRole.id, menu_id: m.id })))
      .execute();
  }

  const dict = await trx
    .insertInto('dict')
    .values({ tenant_id: tenantId, name: 'Language', type: 'language', remark: 'Languages offered by the system' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('dict_item')
    .values(
      LANGUAGES.map((lang, i) => ({
        tenant_id: tenantId,
        dict_id: dict.id,
        label: LANGUAGE_NAMES[lang] ?? lang,
        value: lang,
        sort: i + 1,
      })),
    )
    .execute();

  const admin = await trx
    .insertInto('app_user')
    .values({
      tenant_id: tenantId,
      account: input.adminAccount ?? 'admin',
      nickname: 'Administrator',
      password_hash: passwordHash,
      type: 'admin',
      status: 'enabled',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('user_role').values({ tenant_id: tenantId, user_id: admin.id, role_id: adminRole.id }).execute();
  await trx
    .insertInto('user_factory')
    .values({ tenant_id: tenantId, user_id: admin.id, factory_id: factory.id })
    .execute();

  return {
    tenantId,
    factoryId: factory.id,
    organizationId: org.id,
    adminUserId: admin.id,
    roles: { admin: adminRole.id, staff: staffRole.id },
  };
}

export interface CreateUserInput {
  tenantId: string;
  account: string;
  password: string;
  nickname?: string;
  email?: string | null;
  mobile?: string | null;
  type?: 'admin' | 'staff';
  status?: 'enabled' | 'disabled';
  /** Role codes of the tenant to grant. */
  roles?: string[];
  /** Role ids of the tenant to grant (checked by the caller). */
  roleIds?: string[];
  factoryIds?: string[];
  /** The user who made the account (null: the system). */
  createdBy?: string | null;
  /** Pre-computed password hash (skips hashing; for tests creating many users with one password). */
  passwordHash?: string;
}

/** Creates a user in a tenant, with roles and factories; inside the caller's transaction when given one. Returns the user id. */
export async function createUser(db: Kysely<DB>, input: CreateUserInput): Promise<string> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password));
  const inTransaction = (fn: (trx: Kysely<DB>) => Promise<string>) =>
    db.isTransaction ? fn(db) : db.transaction().execute(fn);
  return inTransaction(async (trx) => {
    const user = await trx
      .insertInto('app_user')
      .values({
        tenant_id: input.tenantId,
        account: input.account,
        nickname: input.nickname ?? input.account,
        email: input.email ?? null,
        mobile: input.mobile ?? null,
        password_hash: passwordHash,
        type: input.type ?? 'staff',
        status: input.status ?? 'enabled',
        created_by: input.createdBy ?? null,
        updated_by: input.createdBy ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const code of input.roles ?? []) {
      await assignRole(trx, input.tenantId, user.id, code);
    }
    if (input.roleIds?.length) {
      await trx
        .insertInto('user_role')
        .values(input.roleIds.map((roleId) => ({ tenant_id: input.tenantId, user_id: user.id, role_id: roleId })))
        .execute();
    }
    for (const factoryId of input.factoryIds ?? []) {
      await trx
        .insertInto('user_factory')
        .values({ tenant_id: input.tenantId, user_id: user.id, factory_id: factoryId })
        .execute();
    }
    return user.id;
  });
}

/** Grants the role with `roleCode` of the tenant to the user (idempotent). */
export async function assignRole(db: Kysely<DB>, tenantId: string, userId: string, roleCode: string): Promise<void> {
  const role = await db
    .selectFrom('role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', roleCode)
    .executeTakeFirst();
  if (!role) throw new Error(`Role ${roleCode} not found in tenant ${tenantId}`);
  await db
    .insertInto('user_role')
    .values({ tenant_id: tenantId, user_id: userId, role_id: role.id })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'role_id']).doNothing())
    .execute();
}
