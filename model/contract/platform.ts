/** The shell's calls of SPEC §7 after login: menu routes, corp info, languages, app registry, user, factories, visits. */
import { z } from 'zod';
import { AppDescriptor } from '../app';
import { CorpInfo, CurrentUser, FactoryListData, LanguageOption } from '../auth';
import { MenuNode } from '../menu';
import { Nothing, UUID_PATTERN } from './common';
import { endpoint, json } from './endpoint';

const tag = 'platform-system';

/** A uuid the user typed or the shell sent: a required, trimmed value in uuid form. */
const requiredUuid = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .regex(UUID_PATTERN, { error: 'validation.invalid' });

export const platform = {
  routes: endpoint({
    method: 'GET',
    path: '/platform-system/function/routes',
    operationId: 'listMyMenuRoutes',
    tag,
    auth: 'bearer',
    permission: null,
    summary: "The current user's menu tree (names in the request language)",
    description: 'With `factoryId`, 403 when the user may not enter that factory.',
    query: z.object({
      terminalType: z.enum(['web', 'app']).optional().default('web'),
      factoryId: z.string().max(64).optional(),
    }),
    answer: json(z.array(MenuNode)),
  }),
  corp: endpoint({
    method: 'GET',
    path: '/platform-system/cope',
    operationId: 'getCorpInfo',
    tag,
    auth: 'bearer',
    permission: null,
    summary: "The tenant's corp info with its comma-separated language list",
    answer: json(CorpInfo),
  }),
  dictOptions: endpoint({
    method: 'GET',
    path: '/platform-system/dict/list',
    operationId: 'listDictOptions',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Options of a dictionary of the tenant (default: the `language` dictionary)',
    description:
      'Without a `language` dictionary of its own, the tenant gets the five product languages; an unknown other type answers an empty list.',
    query: z.object({ type: z.string().trim().max(64).optional() }),
    answer: json(z.array(LanguageOption)),
  }),
  apps: endpoint({
    method: 'GET',
    path: '/platform-system/platFactoryApp',
    operationId: 'listAppRegistry',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'The sub-application registry with URLs built from the request host',
    answer: json(z.array(AppDescriptor)),
  }),
  user: endpoint({
    method: 'GET',
    path: '/platform-system/user',
    operationId: 'getCurrentUser',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'The current platform user',
    answer: json(CurrentUser),
  }),
  factories: endpoint({
    method: 'GET',
    path: '/platform-system/factory/getFactoryList',
    operationId: 'listMyFactories',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Factories the current user may enter (admins: every factory of the tenant)',
    answer: json(FactoryListData),
  }),
  recordAccess: endpoint({
    method: 'POST',
    path: '/platform-system/menu/access/record/save',
    operationId: 'recordMenuVisit',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Record a visit of a menu in a factory',
    description: '403 when the user may not enter the factory; 404 for an unknown menu.',
    body: z.object({ factoryId: requiredUuid, functionId: requiredUuid }),
    labels: { factoryId: 'accessRecord.factoryId', functionId: 'accessRecord.functionId' },
    answer: json(Nothing),
  }),
};
