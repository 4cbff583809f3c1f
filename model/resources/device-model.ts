import { defineResource, field } from '../engine';

/**
 * Device model: the makes and models the factories' devices are bought as, kept once for the
 * tenant (a catalogue beside the device classes). Added as the README's "adding an entity" example.
 */
export const deviceModel = defineResource({
  name: 'device-model',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:device-model',
  menu: { group: 'equipment' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    deviceClassId: field.ref('device-class', { search: true }),
    manufacturer: field.text({ max: 128, search: true }),
    serviceLifeYears: field.int({ min: 0, max: 100 }),
    remark: field.textarea({ max: 255 }),
  },
});
