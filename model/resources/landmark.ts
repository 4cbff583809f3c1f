import { defineResource, field } from '../engine';

/** Landmark: a point of the AGV map (station, charging point, waypoint …) with its coordinates. */
export const landmark = defineResource({
  name: 'landmark',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:landmark',
  menu: { group: 'warehouse' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    type: field.enum('landmarkType', ['station', 'charging', 'waypoint', 'parking'], { required: true, search: true }),
    coordinateX: field.decimal({ scale: 2, min: -100000, max: 100000, required: true }),
    coordinateY: field.decimal({ scale: 2, min: -100000, max: 100000, required: true }),
    warehouseAreaId: field.ref('warehouse-area'),
    remark: field.textarea({ max: 255 }),
  },
});
