import { defineResource, field } from '../engine';

/** Help courses (SPEC §7 `course/list`): links or attached documents in display order, served by server/course/. */
export const course = defineResource({
  name: 'course',
  service: 'platform-system',
  scope: 'tenant',
  served: 'feature',
  permissions: 'system:course',
  path: '/system/course',
  verbs: ['view', 'add', 'edit', 'delete'],
  codeField: 'title',
  displayField: 'title',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    sort: field.int({ min: 0, max: 100_000, default: 0, width: 80 }),
    title: field.text({ required: true, max: 200 }),
    description: field.textarea({ max: 1000 }),
    // Only web links or a path on this portal (an attached document): never javascript: or data:.
    url: field.text({
      required: true,
      max: 1000,
      pattern: { source: '^([Hh][Tt][Tt][Pp][Ss]?://|/(?!/))', key: 'validation.format' },
      hint: 'course.urlHint',
    }),
  },
});
