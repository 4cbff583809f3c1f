import { defineResource, field } from '../engine';
import { HELP_DOC_KINDS } from '../help';
import { LANGUAGES } from '../languages';

/**
 * Help documents per page route and language, and SOP documents with a public link per language
 * (SPEC §2 `/{lang}/sop/{id}`), served by their own routes (server/help/).
 */
export const helpDoc = defineResource({
  name: 'help-doc',
  service: 'platform-system',
  scope: 'tenant',
  served: 'feature',
  permissions: 'system:help-doc',
  path: '/system/help-doc',
  menu: { staff: true },
  verbs: ['view', 'add', 'edit', 'delete'],
  codeField: 'title',
  displayField: 'title',
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: {
    kind: field.enum('helpKind', HELP_DOC_KINDS, { default: 'help', search: true, createOnly: true, width: 110 }),
    title: field.text({ required: true, max: 200 }),
    language: field.enum('language', LANGUAGES, { required: true, width: 110 }),
    routePath: field.text({
      max: 255,
      pattern: { source: '^/', key: 'validation.format' },
      list: false,
      shownWhen: { field: 'kind', values: ['help'] },
    }),
    content: field.textarea({ max: 500_000, list: false }),
    keyword: field.text({ max: 200, search: true, list: false, form: false, io: false }),
    updatedAt: field.datetime({ form: false, serverSet: true, width: 180 }),
  },
  // The server's rule too (model/help.ts): a help document belongs to a page.
  rules: (row) => (row.kind === 'help' && !row.routePath ? [{ field: 'routePath', key: 'validation.required' }] : []),
});
