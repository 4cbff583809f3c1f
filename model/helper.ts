/** The HTTP contract of the helper screens (issue 12): languages, translation overrides, services, menu applications. */
import { z } from 'zod';
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

/** Front-end namespaces whose texts a tenant may override. */
export const OVERRIDABLE_NAMESPACES = ['common', 'shell', 'platform', 'basic', 'model'] as const;
export type OverridableNamespace = (typeof OVERRIDABLE_NAMESPACES)[number];

export interface LanguageOption {
  dictKey: Language;
  dictValue: string;
  enabled: boolean;
}

export const languagesInput = z.object({
  languages: z.array(z.enum(LANGUAGES, { error: 'validation.enum' }), { error: 'validation.required' })
    .min(1, { error: 'validation.oneLanguage' }).max(LANGUAGES.length),
});

export interface TranslationRow {
  namespace: OverridableNamespace;
  key: string;
  shipped: Partial<Record<Language, string>>;
  override: Partial<Record<Language, string>>;
}

export const translationInput = z.object({
  namespace: z.enum(OVERRIDABLE_NAMESPACES, { error: 'validation.enum' }),
  key: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
  language: z.enum(LANGUAGES, { error: 'validation.enum' }),
  /** Empty: remove the override and fall back to the shipped text. */
  value: z.string({ error: 'validation.required' }).max(2000, { error: 'validation.tooLong' }),
});

/** Every override of a tenant, by language, namespace and dotted key; `version` changes with any edit. */
export interface TranslationOverrides {
  version: string;
  texts: Partial<Record<Language, Partial<Record<OverridableNamespace, Record<string, string>>>>>;
}

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

export type ServiceState = 'online' | 'offline' | 'no-bridge' | 'hung';

export interface ServiceStatus {
  /** The registry row's id. */
  id: string;
  appType: string;
  appName: string;
  url: string;
  state: ServiceState;
  version: string | null;
  latencyMs: number | null;
  probedAt: string;
}

/** One registered app's probe, as the app registry screen shows it. */
export type AppOnline = Pick<ServiceStatus, 'id' | 'state' | 'version' | 'latencyMs' | 'probedAt'>;

export interface ServicesView {
  portalVersion: string;
  database: 'pglite' | 'postgres';
  services: ServiceStatus[];
}

export type MenuApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface MenuApplicationEntry {
  code: string;
  type: 'catalogue' | 'menu' | 'button' | 'tab';
  names: Partial<Record<Language, string>>;
  path: string | null;
  perms: string | null;
  children: MenuApplicationEntry[];
}

const entryText = (max: number) => z.string({ error: 'validation.required' }).trim().max(max, { error: 'validation.tooLong' });

/** One entry applied for; the tree's shape (catalogue › menu › button/tab) is checked by the server. */
export const menuEntryInput: z.ZodType<MenuApplicationEntry> = z.lazy(() => z.object({
  code: entryText(100).regex(/^[A-Za-z][\w:.-]{0,99}$/, { error: 'validation.codeFormat' }),
  type: z.enum(['catalogue', 'menu', 'button', 'tab'], { error: 'validation.enum' }),
  names: z.object({
    'zh-CN': entryText(64).min(1, { error: 'validation.required' }),
    'zh-TW': entryText(64).optional(), en: entryText(64).optional(), vi: entryText(64).optional(), es: entryText(64).optional(),
  }),
  path: entryText(200).regex(/^(\/[A-Za-z0-9_-]+)+$/, { error: 'validation.format' }).nullable().default(null),
  perms: entryText(200).regex(/^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+){1,3}$/, { error: 'validation.format' }).nullable().default(null),
  children: z.array(menuEntryInput).max(100, { error: 'validation.tooMany' }).default([]),
}));

export const menuApplicationInput = z.object({
  appType: entryText(64).min(1, { error: 'validation.required' }),
  title: entryText(200).min(1, { error: 'validation.required' }),
  reason: entryText(1000).optional().default(''),
  entries: z.array(menuEntryInput, { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(50, { error: 'validation.tooMany' }),
});

export const reviewInput = z.object({ reason: entryText(1000).optional() });
export const rejectReviewInput = z.object({ reason: entryText(1000).min(1, { error: 'validation.required' }) });

/** How an applied entry compares with the current menu tree. */
export type EntryDiff = 'new' | 'exists' | 'conflict';

export interface MenuApplicationRow {
  id: string;
  appType: string;
  title: string;
  reason: string;
  status: MenuApplicationStatus;
  reviewReason: string | null;
  applicant: string;
  reviewer: string | null;
  entryCount: number;
  createdAt: string;
  reviewedAt: string | null;
}

export interface DiffedEntry extends Omit<MenuApplicationEntry, 'children'> {
  diff: EntryDiff;
  /** Why a conflict: the existing entry's code that already uses this path or permission. */
  conflictWith: string | null;
  children: DiffedEntry[];
}

export interface MenuApplicationDetail extends MenuApplicationRow {
  entries: DiffedEntry[];
}
