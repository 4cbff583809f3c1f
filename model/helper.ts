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
  appType: string;
  appName: string;
  url: string;
  state: ServiceState;
  version: string | null;
  latencyMs: number | null;
  probedAt: string;
}

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
