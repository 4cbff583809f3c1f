import { defineResource, field } from '../engine';

/** Document type (SPEC §3): the suffixes its files may have, the rule that numbers them, the browsing tool. */
export const documentType = defineResource({
  name: 'document-type',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:document-type',
  menu: { group: 'document' },
  codeField: 'name',
  fields: {
    name: field.text({ required: true, unique: true, max: 64, search: true }),
    suffixes: field.text({
      required: true,
      max: 200,
      pattern: { source: '^\\s*[A-Za-z0-9]{1,10}(\\s*,\\s*[A-Za-z0-9]{1,10})*\\s*$', key: 'validation.suffixes' },
    }),
    encodingRuleId: field.ref('encoding-rule'),
    browsingTool: field.enum('browsingTool', ['auto', 'pdf', 'video', 'image', 'download'], {
      default: 'auto',
      required: true,
    }),
  },
});
