import { defineResource, field } from '../engine';

/** AGV tag (SPEC §3): code, name, area type, material-preparation type; the landmark it marks. */
export const agvTag = defineResource({
  name: 'agv-tag',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:agv-tag',
  menu: { group: 'warehouse' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    areaType: field.enum('agvAreaType', ['storage', 'production', 'buffer', 'charging'], {
      required: true,
      search: true,
    }),
    preparationType: field.enum('preparationType', ['workOrder', 'line', 'kanban']),
    landmarkId: field.ref('landmark'),
    remark: field.textarea({ max: 255 }),
  },
});
