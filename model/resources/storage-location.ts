import { defineResource, field } from '../engine';

/** Storage location (SPEC §3): code, name, storage type, location type, coordinates, availability (SPEC §4). */
export const storageLocation = defineResource({
  name: 'storage-location',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:storage-location',
  menu: { group: 'warehouse' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    warehouseId: field.ref('warehouse', { required: true, search: true }),
    warehouseAreaId: field.ref('warehouse-area', { required: true, search: true }),
    storageType: field.enum('storageType', ['ambient', 'cold', 'humidityControlled', 'hazardous'], { required: true }),
    locationType: field.enum('locationType', ['rack', 'floor', 'bin', 'flowRack'], { required: true }),
    coordinateX: field.decimal({ scale: 2, min: -100000, max: 100000 }),
    coordinateY: field.decimal({ scale: 2, min: -100000, max: 100000 }),
    coordinateZ: field.decimal({ scale: 2, min: -100000, max: 100000 }),
    state: field.enum('availableState', ['available', 'unavailable'], {
      default: 'available',
      status: true,
      search: true,
    }),
  },
});
