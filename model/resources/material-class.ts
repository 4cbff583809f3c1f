import { defineResource, field } from '../engine';

/**
 * Material classification (SPEC §3): a tree by parent. The level follows the parent (the server sets
 * it); moving a class moves its subtree; a class cannot be placed under itself or its descendants.
 */
export const materialClass = defineResource({
  name: 'material-class',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:material-class',
  menu: { group: 'material' },
  tree: { parent: 'parentId' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    parentId: field.ref('material-class', { search: true }),
    level: field.int({ min: 1, max: 20, default: 1, form: false, io: false, serverSet: true }),
    description: field.text({ max: 255, list: false }),
    descriptionEn: field.text({ max: 255, list: false }),
    attributeRule: field.text({ max: 128, list: false }),
    needReturn: field.bool(),
  },
});
