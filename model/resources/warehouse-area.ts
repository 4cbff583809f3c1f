import { defineResource, field } from '../engine';

/** Warehouse area (SPEC §3): belongs to a warehouse; inventory-area and AGV flags. */
export const warehouseArea = defineResource({
  name: 'warehouse-area',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:warehouse-area',
  menu: { group: 'warehouse' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    warehouseId: field.ref('warehouse', { required: true, search: true }),
    type: field.enum('areaType', ['storage', 'receiving', 'shipping', 'quality', 'buffer'], { required: true }),
    inventoryArea: field.bool({ default: true }),
    agv: field.bool(),
  },
});
