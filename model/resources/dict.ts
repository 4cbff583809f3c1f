import { defineResource, field } from '../engine';

/** Dictionaries (SPEC §3), served by server/dict/: a name and a type, the type unique within the tenant. */
export const dict = defineResource({
  name: 'dict',
  service: 'platform-system',
  scope: 'tenant',
  served: 'feature',
  permissions: 'platform:dict',
  path: '/platform/dict',
  menu: { staff: true, icon: 'book' },
  verbs: ['view', 'add', 'edit', 'delete'],
  codeField: 'type',
  displayField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    name: field.text({ required: true, max: 64, search: true }),
    type: field.text({
      required: true,
      max: 64,
      search: true,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_.-]*$', key: 'validation.codeFormat' },
    }),
    remark: field.textarea({ max: 255 }),
    itemCount: field.int({ form: false, serverSet: true, width: 90 }),
  },
});

/** A dictionary's details (SPEC §3): a label and a value, the value unique within its dictionary. */
export const dictItem = defineResource({
  name: 'dict-item',
  service: 'platform-system',
  table: 'dict_item',
  scope: 'tenant',
  served: 'feature',
  permissions: 'platform:dict',
  verbs: ['view', 'add', 'edit', 'delete'],
  codeField: 'value',
  displayField: 'label',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    label: field.text({ required: true, max: 64 }),
    value: field.text({ required: true, max: 64 }),
    sort: field.int({ min: 0, max: 99_999, default: 0, width: 80 }),
  },
});
