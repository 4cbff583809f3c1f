/**
 * Help documents per route and language (SPEC §7 `route/help/doc/content`), the public SOP page's
 * document (SPEC §2 `/{lang}/sop/{id}`), and their administration (`help-doc`).
 */
import { z } from 'zod';
import { HELP_DOC_KINDS, HelpDocAdminRow, HelpDocument, helpDocInput } from '../help';
import { LANGUAGES } from '../languages';
import { IdParams, Nothing, pageOf, pageQuery } from './common';
import { endpoint, json } from './endpoint';

const tag = 'help';
const PERM = 'system:help-doc';
const language = z.enum(LANGUAGES);

export const help = {
  content: endpoint({
    method: 'GET',
    path: '/platform-factory/route/help/doc/content',
    operationId: 'getRouteHelp',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'The help document of a route in a language',
    description: "lang: the caller's language when left out. 404 when none is maintained in that language.",
    query: z.object({ path: z.string().trim().min(1).max(255).regex(/^\//), lang: language.optional() }),
    answer: json(HelpDocument),
  }),
  sop: endpoint({
    method: 'GET',
    path: '/platform-system/sop/:id',
    operationId: 'getSopDocument',
    tag,
    auth: 'none',
    permission: null,
    summary: 'A SOP document by its public key, in a language (public link)',
    description: '404 when none is maintained in that language.',
    params: IdParams,
    query: z.object({ lang: language }),
    answer: json(HelpDocument),
  }),
  // ── Administration ──
  page: endpoint({
    method: 'GET',
    path: '/platform-system/help-doc/page',
    operationId: 'listHelpDocuments',
    tag,
    auth: 'bearer',
    permission: `${PERM}:view`,
    summary: 'Help and SOP documents of the tenant',
    description: 'keyword: the title or the route contains it.',
    query: z.object({
      kind: z.enum(HELP_DOC_KINDS).optional(),
      keyword: z.string().max(200).optional(),
      ...pageQuery(100).shape,
    }),
    answer: json(pageOf(HelpDocAdminRow)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/platform-system/help-doc',
    operationId: 'createHelpDocument',
    tag,
    auth: 'bearer',
    permission: `${PERM}:add`,
    summary: 'Adds a help or SOP document (content is sanitised); an SOP in another language reuses the docKey',
    description:
      '409 when the route already has a help document in that language (or the SOP key one in that language).',
    body: helpDocInput,
    answer: json(HelpDocAdminRow),
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/platform-system/help-doc/:id',
    operationId: 'updateHelpDocument',
    tag,
    auth: 'bearer',
    permission: `${PERM}:edit`,
    summary: 'Edits a help or SOP document (content is sanitised)',
    description: 'The whole document (docKey is kept). 409 as on create.',
    params: IdParams,
    body: helpDocInput,
    answer: json(HelpDocAdminRow),
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/platform-system/help-doc/:id',
    operationId: 'deleteHelpDocument',
    tag,
    auth: 'bearer',
    permission: `${PERM}:delete`,
    summary: 'Deletes a help or SOP document',
    params: IdParams,
    answer: json(Nothing),
  }),
};
