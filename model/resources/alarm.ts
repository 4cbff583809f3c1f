import { ALARM_LEVELS } from '../alarm';
import { defineResource, field } from '../engine';

/**
 * The current factory's alarms (SPEC §3), served by server/alarm/: raised by other domains through
 * the API, acknowledged and exported here.
 */
export const alarm = defineResource({
  name: 'alarm',
  service: 'platform-system',
  scope: 'factory',
  served: 'feature',
  permissions: 'system:alarm',
  path: '/system/alarm',
  // raise: other domains' API calls (POST …/alarm/raise).
  menu: { buttons: ['handle', 'raise'] },
  verbs: ['view', 'export'],
  history: true,
  codeField: 'number',
  displayField: 'number',
  defaultSort: { field: 'occurredAt', order: 'desc' },
  fields: {
    number: field.text({ max: 64 }),
    type: field.text({ max: 64 }),
    sourceSystem: field.text({ max: 64 }),
    sourceNumber: field.text({ max: 64 }),
    projectCode: field.text({ max: 64 }),
    projectName: field.text({ max: 128 }),
    description: field.textarea({ max: 1000, list: true }),
    level: field.enum('alarmLevel', ALARM_LEVELS, { search: true, width: 110 }),
    occurredAt: field.datetime({ width: 180 }),
    acknowledgedAt: field.datetime({ list: false }),
    keyword: field.text({ max: 100, search: true, list: false, form: false, io: false }),
    acknowledged: field.enum('alarmState', ['false', 'true'], { search: true, list: false, form: false, io: false }),
  },
});
