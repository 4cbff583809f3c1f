import { RESOURCES } from '../../model/resources';
import type { RouteTable } from '../kit/routing';
import { resourceScreen } from '../kit/engine/screen';
import type { ResourceOverrides } from '../kit/engine/types';
import { encodingRuleOverrides } from './overrides/encoding-rule';
import { printTemplateOverrides } from './overrides/print-template';
import { printerOverrides } from './overrides/printer';
import { scanRuleOverrides } from './overrides/scan-rule';

/** Screens that differ from the generated one, by resource name. */
const OVERRIDES: Record<string, ResourceOverrides> = {
  printer: printerOverrides,
  'encoding-rule': encodingRuleOverrides,
  'scan-rule': scanRuleOverrides,
  'print-template': printTemplateOverrides,
};

/** `/basic/<name>` for every definition of the basic-system service (DESIGN §5). */
export const BASIC_ROUTES: RouteTable = Object.fromEntries(
  RESOURCES.filter((def) => def.service === 'basic-system').map((def) => [
    `/basic/${def.name}`,
    resourceScreen(def, OVERRIDES[def.name]),
  ]),
);
