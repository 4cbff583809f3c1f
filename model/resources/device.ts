import { defineResource, field, PATTERNS } from '../engine';

/** Device (SPEC §3): well-formed MAC and IP (SPEC §5), frozen or unfrozen (SPEC §4). */
export const device = defineResource({
  name: 'device',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:device',
  menu: { group: 'equipment', buttons: ['freeze'] },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    deviceClassId: field.ref('device-class', { search: true }),
    keeper: field.text({ max: 64 }),
    checker: field.text({ max: 64 }),
    macAddress: field.text({ max: 17, pattern: PATTERNS.mac }),
    ipAddress: field.text({ max: 15, pattern: PATTERNS.ipv4 }),
    manufacturer: field.text({ max: 128 }),
    model: field.text({ max: 64 }),
    manager: field.text({ max: 64 }),
    use: field.text({ max: 128, list: false }),
    documentAuthority: field.bool({ list: false }),
    equipmentAuthority: field.bool({ list: false }),
    state: field.enum('frozenState', ['normal', 'frozen'], {
      default: 'normal',
      status: true,
      statusVerb: 'freeze',
      search: true,
    }),
  },
});
