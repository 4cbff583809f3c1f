/** The HTTP contract of the helper screens (issue 12): languages, translation overrides, services, menu applications. */
import { z } from 'zod';
import { Instant, Uuid } from './contract/common';
import { LANGUAGES, type Language } from './languages';

export const HELPER_PERMISSIONS = {
  languageEdit: 'helper:language:edit',
  languageImport: 'helper:language:import',
  languageExport: 'helper:language:export',
  servicesProbe: 'helper:services:probe',
  applyAdd: 'helper:apply-menu:add',
  applyApprove: 'helper:apply-menu:approve',
  applyReject: 'helper:apply-menu:reject',
} as const;

/**
 * Where history keeps the wording (issue 25): an override's entry is its key (`namespace:key`) of
 * this entity; the languages a tenant offers are one record per tenant, always of this id.
 */
export const TRANSLATION_HISTORY = {
  entity: 'translation',
  languagesEntity: 'tenant-languages',
  languagesRecord: 'offered',
} as const;

/** Front-end namespaces whose texts a tenant may override. */
export const OVERRIDABLE_NAMESPACES = ['common', 'shell', 'platform', 'basic', 'model'] as const;
export type OverridableNamespace = (typeof OVERRIDABLE_NAMESPACES)[number];

/** A language of the portal and whether the tenant offers it. */
export const LanguageOption = z
  .object({
    dictKey: z.enum(LANGUAGES),
    dictValue: z.string(),
    enabled: z.boolean(),
  })
  .meta({ id: 'TenantLanguageOption' });
export type LanguageOption = z.infer<typeof LanguageOption>;

const byLanguage = z.partialRecord(z.enum(LANGUAGES), z.string());

export const languagesInput = z.object({
  languages: z
    .array(z.enum(LANGUAGES, { error: 'validation.enum' }), { error: 'validation.required' })
    .min(1, { error: 'validation.oneLanguage' })
    .max(LANGUAGES.length),
});

/** One key of a namespace: the shipped text and the tenant's override, per language. */
export const TranslationRow = z
  .object({
    namespace: z.enum(OVERRIDABLE_NAMESPACES),
    key: z.string(),
    shipped: byLanguage,
    override: byLanguage,
  })
  .meta({ id: 'TranslationRow' });
export type TranslationRow = z.infer<typeof TranslationRow>;

export const translationInput = z.object({
  namespace: z.enum(OVERRIDABLE_NAMESPACES, { error: 'validation.enum' }),
  key: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.tooLong' }),
  language: z.enum(LANGUAGES, { error: 'validation.enum' }),
  /** Empty: remove the override and fall back to the shipped text. */
  value: z.string({ error: 'validation.required' }).max(2000, { error: 'validation.tooLong' }),
});

/** Every override of a tenant, by language, namespace and dotted key; `version` changes with any edit. */
export const TranslationOverrides = z
  .object({
    version: z.string(),
    texts: z.partialRecord(
      z.enum(LANGUAGES),
      z.partialRecord(z.enum(OVERRIDABLE_NAMESPACES), z.record(z.string(), z.string())),
    ),
  })
  .meta({ id: 'TranslationOverrides' });
export type TranslationOverrides = z.infer<typeof TranslationOverrides>;

export const HELPER_FIELD_LABELS: Record<string, string> = {
  languages: 'helper.languages',
  namespace: 'helper.namespace',
  key: 'helper.key',
  language: 'helper.language',
  value: 'helper.value',
  title: 'helper.title',
  reason: 'helper.reason',
  entries: 'helper.entries',
};

export const SERVICE_STATES = ['online', 'offline', 'no-bridge', 'hung'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

export const ServiceStatus = z
  .object({
    id: Uuid.meta({ description: "The registry row's id" }),
    appType: z.string(),
    appName: z.string(),
    url: z.string(),
    state: z.enum(SERVICE_STATES),
    version: z.string().nullable(),
    latencyMs: z.number().nullable(),
    probedAt: Instant,
  })
  .meta({ id: 'ServiceStatus' });
export type ServiceStatus = z.infer<typeof ServiceStatus>;

/** One registered app's probe, as the app registry screen shows it. */
export const AppOnline = ServiceStatus.pick({
  id: true,
  state: true,
  version: true,
  latencyMs: true,
  probedAt: true,
}).meta({ id: 'AppOnline' });
export type AppOnline = z.infer<typeof AppOnline>;

export const ServicesView = z
  .object({
    portalVersion: z.string(),
    database: z.enum(['pglite', 'postgres']),
    services: z.array(ServiceStatus),
  })
  .meta({ id: 'ServicesView' });
export type ServicesView = z.infer<typeof ServicesView>;

export const MENU_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MenuApplicationStatus = (typeof MENU_APPLICATION_STATUSES)[number];
export const MENU_ENTRY_TYPES = ['catalogue', 'menu', 'button', 'tab'] as const;

export interface MenuApplicationEntry {
  code: string;
  type: (typeof MENU_ENTRY_TYPES)[number];
  names: Partial<Record<Language, string>>;
  path: string | null;
  perms: string | null;
  children: MenuApplicationEntry[];
}

const entryText = (max: number) =>
  z.string({ error: 'validation.required' }).trim().max(max, { error: 'validation.tooLong' });

/** One entry applied for; the tree's shape (catalogue › menu › button/tab) is checked by the server. */
export const menuEntryInput: z.ZodType<MenuApplicationEntry> = z
  .lazy(() =>
    z.object({
      code: entryText(100).regex(/^[A-Za-z][\w:.-]{0,99}$/, { error: 'validation.codeFormat' }),
      type: z.enum(['catalogue', 'menu', 'button', 'tab'], { error: 'validation.enum' }),
      names: z.object({
        'zh-CN': entryText(64).min(1, { error: 'validation.required' }),
        'zh-TW': entryText(64).optional(),
        en: entryText(64).optional(),
        vi: entryText(64).optional(),
        es: entryText(64).optional(),
      }),
      path: entryText(200)
        .regex(/^(\/[A-Za-z0-9_-]+)+$/, { error: 'validation.format' })
        .nullable()
        .default(null),
      perms: entryText(200)
        .regex(/^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+){1,3}$/, { error: 'validation.format' })
        .nullable()
        .default(null),
      children: z.array(menuEntryInput).max(100, { error: 'validation.tooMany' }).default([]),
    }),
  )
  .meta({ id: 'MenuApplicationEntryInput' });

export const menuApplicationInput = z
  .object({
    appType: entryText(64).min(1, { error: 'validation.required' }),
    title: entryText(200).min(1, { error: 'validation.required' }),
    reason: entryText(1000).optional().default(''),
    entries: z
      .array(menuEntryInput, { error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(50, { error: 'validation.tooMany' }),
  })
  .meta({ id: 'MenuApplicationInput' });

export const reviewInput = z.object({ reason: entryText(1000).optional() });
export const rejectReviewInput = z.object({ reason: entryText(1000).min(1, { error: 'validation.required' }) });

/** How an applied entry compares with the current menu tree. */
export const ENTRY_DIFFS = ['new', 'exists', 'conflict'] as const;
export type EntryDiff = (typeof ENTRY_DIFFS)[number];

export const MenuApplicationRow = z
  .object({
    id: Uuid,
    appType: z.string(),
    title: z.string(),
    reason: z.string(),
    status: z.enum(MENU_APPLICATION_STATUSES),
    reviewReason: z.string().nullable(),
    applicant: z.string().meta({ description: "The applicant's account" }),
    reviewer: z.string().nullable(),
    entryCount: z.number().int(),
    createdAt: Instant,
    reviewedAt: Instant.nullable(),
  })
  .meta({ id: 'MenuApplicationRow' });
export type MenuApplicationRow = z.infer<typeof MenuApplicationRow>;

/** An applied entry compared with the current menu tree, with its children. */
export const DiffedEntry = z
  .object({
    code: z.string(),
    type: z.enum(MENU_ENTRY_TYPES),
    names: byLanguage,
    path: z.string().nullable(),
    perms: z.string().nullable(),
    diff: z.enum(ENTRY_DIFFS),
    conflictWith: z
      .string()
      .nullable()
      .meta({ description: "Why a conflict: the existing entry's code that already uses this path or permission" }),
    get children() {
      return z.array(DiffedEntry);
    },
  })
  .meta({ id: 'DiffedEntry' });
export type DiffedEntry = z.infer<typeof DiffedEntry>;

export const MenuApplicationDetail = MenuApplicationRow.extend({ entries: z.array(DiffedEntry) }).meta({
  id: 'MenuApplicationDetail',
});
export type MenuApplicationDetail = z.infer<typeof MenuApplicationDetail>;
