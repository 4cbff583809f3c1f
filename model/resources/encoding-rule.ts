import { defineResource, field } from '../engine';
import {
  MAX_CODE_WIDTH,
  PARAM_TYPES,
  RESET_TYPES,
  RULE_NAME,
  RULE_TYPES,
  SYSTEM_PARAMETERS,
  WEEKDAYS,
  encodingRuleIssues,
} from '../rules';

/**
 * Encoding rule (SPEC §3, §5): how serial numbers and other codes are written and counted.
 * Tenant-wide: one numbering scheme serves every factory, and the counters are kept per factory
 * (and line, and period) only where the rule prints the factory (line, date); a factory-scoped
 * rule could not give two factories codes that are unique across the company.
 */
export const encodingRule = defineResource({
  name: 'encoding-rule',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'basic:encoding-rule',
  menu: { group: 'rule', buttons: ['generate'] },
  codeField: 'name',
  fields: {
    name: field.code({ max: 64, pattern: RULE_NAME }),
    ruleType: field.enum('encodingBase', RULE_TYPES, { required: true, default: 'base10', search: true }),
    baseCode: field.text({ max: 64, list: false }),
    startCode: field.text({ required: true, max: MAX_CODE_WIDTH }),
    endCode: field.text({ max: MAX_CODE_WIDTH }),
    resetType: field.enum('resetType', RESET_TYPES, { required: true, default: 'none' }),
    firstWeekday: field.enum('weekday', WEEKDAYS, { default: 'monday', list: false }),
    // Exported and imported too (as JSON in one cell): a rule without its details is no rule.
    details: field.details(
      {
        order: field.int({ required: true, min: 1, max: 99 }),
        paramType: field.enum('paramType', PARAM_TYPES, { required: true }),
        parameter: field.enum('systemParameter', SYSTEM_PARAMETERS, { required: false }),
        value: field.text({ max: 32, required: false }),
        truncation: field.text({ max: 32, required: false }),
      },
      { minRows: 1, maxRows: 20, io: true, label: 'encodingRule.details._title' },
    ),
    remark: field.textarea({ max: 255 }),
  },
  rules: encodingRuleIssues,
});
