import { lazy, type ComponentType } from 'react';
import { RESOURCES } from '../../model/resources';
import type { ResourceDef } from '../../model/resource';
import type { RouteTable } from '../kit/routing';
import type { ResourceOverrides } from '../kit/resource/types';
import { encodingRuleOverrides } from './overrides/encoding-rule';
import { printTemplateOverrides } from './overrides/print-template';
import { printerOverrides } from './overrides/printer';
import { scanRuleOverrides } from './overrides/scan-rule';

// The table, forms and dialogs load with the first screen opened, not with the app's first paint.
const ResourcePage = lazy(() => import('../kit/resource/ResourcePage'));

/** Screens that differ from the generated one, by resource name. */
const OVERRIDES: Record<string, ResourceOverrides> = {
  printer: printerOverrides,
  'encoding-rule': encodingRuleOverrides,
  'scan-rule': scanRuleOverrides,
  'print-template': printTemplateOverrides,
};

function screenOf(def: ResourceDef): ComponentType {
  const overrides = OVERRIDES[def.name];
  const Screen = () => <ResourcePage def={def} overrides={overrides} />;
  Screen.displayName = `Screen(${def.name})`;
  return Screen;
}

/** `/basic/<name>` for every definition of the basic-system service (DESIGN §5). */
export const BASIC_ROUTES: RouteTable = Object.fromEntries(
  RESOURCES.filter((def) => def.service === 'basic-system').map((def) => [`/basic/${def.name}`, screenOf(def)]),
);
