/**
 * The helper screens (SPEC §2 `helper/…`): the languages a tenant offers and its overrides of the
 * shipped texts (exported and imported as a sheet), the registered apps' probes, and menu
 * applications (apply, compare with the menu tree, approve or reject).
 */
import { z } from 'zod';
import { LANGUAGES } from '../languages';
import {
  HELPER_FIELD_LABELS as labels,
  HELPER_PERMISSIONS as P,
  AppOnline,
  LanguageOption,
  MenuApplicationDetail,
  MenuApplicationRow,
  OVERRIDABLE_NAMESPACES,
  ServicesView,
  TranslationOverrides,
  TranslationRow,
  languagesInput,
  menuApplicationInput,
  rejectReviewInput,
  reviewInput,
  translationInput,
} from '../helper';
import { IdParams, Nothing, pageOf, PageQuery } from './common';
import { endpoint, file, json } from './endpoint';

const tag = 'helper';
const LANGUAGE_VIEW = 'helper:language:view';
const APPLY_VIEW = 'helper:apply-menu:view';
const APPLY = '/platform-system/menu-application';

const TranslationQuery = z.object({
  namespace: z.enum(OVERRIDABLE_NAMESPACES, { error: 'validation.enum' }).optional(),
  keyword: z.string().trim().max(100).optional(),
  overridden: z.enum(['1', '0']).optional(),
  ...PageQuery.shape,
});

const ApplicationQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  ...PageQuery.shape,
});

export const helper = {
  // ── Languages and translations ──
  languages: endpoint({
    method: 'GET',
    path: '/platform-system/language',
    operationId: 'listTenantLanguages',
    tag,
    auth: 'bearer',
    permission: LANGUAGE_VIEW,
    summary: "The portal's languages and which the tenant offers",
    answer: json(z.array(LanguageOption)),
  }),
  setLanguages: endpoint({
    method: 'PUT',
    path: '/platform-system/language',
    operationId: 'setTenantLanguages',
    tag,
    auth: 'bearer',
    permission: P.languageEdit,
    summary: 'Sets the languages the tenant offers (at least one)',
    body: languagesInput,
    labels,
    answer: json(z.object({ languages: z.array(z.enum(LANGUAGES)).meta({ description: "In the portal's order" }) })),
  }),
  translations: endpoint({
    method: 'GET',
    path: '/platform-system/translation',
    operationId: 'listTranslations',
    tag,
    auth: 'bearer',
    permission: LANGUAGE_VIEW,
    summary: "Shipped texts with the tenant's overrides, key by key",
    description:
      'keyword: the key, a shipped text or an override contains it (case-insensitive); overridden=1: only keys with an override.',
    query: TranslationQuery,
    labels,
    answer: json(pageOf(TranslationRow)),
  }),
  setTranslation: endpoint({
    method: 'PUT',
    path: '/platform-system/translation',
    operationId: 'setTranslation',
    tag,
    auth: 'bearer',
    permission: P.languageEdit,
    summary: 'Overrides one key in one language (an empty value restores the shipped text)',
    description:
      "Answers every override of the tenant. 400 when the key is unknown or the text loses the shipped text's placeholders.",
    body: translationInput,
    labels,
    answer: json(TranslationOverrides),
  }),
  overrides: endpoint({
    method: 'GET',
    path: '/platform-system/translation/overrides',
    operationId: 'getTranslationOverrides',
    tag,
    auth: 'bearer',
    permission: null,
    summary: "The tenant's overrides, applied by the shell and every sub-app",
    answer: json(TranslationOverrides),
  }),
  exportTranslations: endpoint({
    method: 'GET',
    path: '/platform-system/translation/export',
    operationId: 'exportTranslations',
    tag,
    auth: 'bearer',
    permission: P.languageExport,
    summary: 'Every key × language as .xlsx (namespace, key, one column per language: the text in use)',
    answer: file('xlsx'),
  }),
  importTranslations: endpoint({
    method: 'POST',
    path: '/platform-system/translation/import',
    operationId: 'importTranslations',
    tag,
    auth: 'bearer',
    permission: P.languageImport,
    summary:
      'Takes an exported sheet back: texts that differ from the shipped ones become overrides, equal ones remove them; all or nothing',
    description: '400 with `errors` (row, message) and `count` when a row is wrong; nothing is written then.',
    multipart: { files: { file: { required: true, media: ['xlsx', 'csv'] } } },
    answer: json(
      z.object({
        rows: z.number().int(),
        overrides: z.number().int().meta({ description: 'Overrides of the tenant after the import' }),
      }),
    ),
    errors: [413, 415],
  }),
  // ── Services ──
  appOnline: endpoint({
    method: 'GET',
    path: '/platform-system/app/online',
    operationId: 'listAppsOnline',
    tag,
    auth: 'bearer',
    permission: 'platform:app:view',
    summary: "Each enabled registered app's probed state, by id",
    answer: json(z.array(AppOnline)),
  }),
  services: endpoint({
    method: 'GET',
    path: '/platform-system/services',
    operationId: 'listServices',
    tag,
    auth: 'bearer',
    permission: 'helper:services:view',
    summary: 'Registered apps with their last probe (probed again when older than a minute)',
    answer: json(ServicesView),
  }),
  probe: endpoint({
    method: 'POST',
    path: '/platform-system/services/probe',
    operationId: 'probeServices',
    tag,
    auth: 'bearer',
    permission: P.servicesProbe,
    summary: 'Probes every registered app now',
    answer: json(ServicesView),
  }),
  // ── Menu applications ──
  applications: endpoint({
    method: 'GET',
    path: APPLY,
    operationId: 'listMenuApplications',
    tag,
    auth: 'bearer',
    permission: APPLY_VIEW,
    summary: 'Page of menu applications, newest first',
    query: ApplicationQuery,
    answer: json(pageOf(MenuApplicationRow)),
  }),
  application: endpoint({
    method: 'GET',
    path: `${APPLY}/:id`,
    operationId: 'getMenuApplication',
    tag,
    auth: 'bearer',
    permission: APPLY_VIEW,
    summary: 'An application with each entry compared with the current menu tree',
    params: IdParams,
    answer: json(MenuApplicationDetail),
  }),
  apply: endpoint({
    method: 'POST',
    path: APPLY,
    operationId: 'createMenuApplication',
    tag,
    auth: 'bearer',
    permission: P.applyAdd,
    summary: 'Applies for menu entries of an app (starts the menu-application process when published)',
    description:
      '400 naming the entry `code` when the tree breaks the catalogue › menu › button/tab shape or the app is unknown.',
    body: menuApplicationInput,
    labels,
    answer: json(MenuApplicationDetail),
  }),
  approve: endpoint({
    method: 'POST',
    path: `${APPLY}/:id/approve`,
    operationId: 'approveMenuApplication',
    tag,
    auth: 'bearer',
    permission: P.applyApprove,
    summary: 'Approves: the entries are created (409 when one clashes with the tree)',
    description: '409 also when the application is decided through its process, or already decided.',
    params: IdParams,
    body: reviewInput,
    labels,
    answer: json(Nothing),
    errors: [409],
  }),
  reject: endpoint({
    method: 'POST',
    path: `${APPLY}/:id/reject`,
    operationId: 'rejectMenuApplication',
    tag,
    auth: 'bearer',
    permission: P.applyReject,
    summary: 'Rejects with a reason; nothing changes in the tree',
    description: '409 when the application is decided through its process, or already decided.',
    params: IdParams,
    body: rejectReviewInput,
    labels,
    answer: json(Nothing),
    errors: [409],
  }),
};
