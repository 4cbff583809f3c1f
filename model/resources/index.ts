import type { ResourceDef } from '../engine';
import { agvTag } from './agv-tag';
import { alarm } from './alarm';
import { course } from './course';
import { dict, dictItem } from './dict';
import { feedback } from './feedback';
import { helpDoc } from './help-doc';
import { notice } from './notice';
import { customer } from './customer';
import { device } from './device';
import { deviceClass } from './device-class';
import { deviceModel } from './device-model';
import { documentType } from './document-type';
import { encodingRule } from './encoding-rule';
import { landmark } from './landmark';
import { material } from './material';
import { materialClass } from './material-class';
import { line } from './line';
import { packagingRule } from './packaging-rule';
import { packingUnit } from './packing-unit';
import { printTemplate } from './print-template';
import { printer } from './printer';
import { processStation } from './process-station';
import { productSeries } from './product-series';
import { sapPlant } from './sap-plant';
import { scanRule } from './scan-rule';
import { shelf } from './shelf';
import { shift } from './shift';
import { storageLocation } from './storage-location';
import { supplier } from './supplier';
import { transportShelf } from './transport-shelf';
import { unit } from './unit';
import { factory } from './factory';
import { configItem, department, organization, staff } from './org';
import { app } from './app';
import { tenant } from './tenant';
import { auditTrail, interfaceLog, loginLog, operationLog } from './logs';
import { menu } from './menu';
import { role } from './role';
import { user } from './user';
import { warehouse } from './warehouse';
import { warehouseArea } from './warehouse-area';
import { workshop } from './workshop';
import { workstation } from './workstation';
import { workstationType } from './workstation-type';

/**
 * The basic sub-app's master data, rules and templates. The order is the menu's: each definition's
 * entry follows those before it in its catalogue (model/catalogue.ts).
 */
export const MASTER_DATA: readonly ResourceDef[] = [
  material,
  materialClass,
  unit,
  packingUnit,
  productSeries,
  customer,
  supplier,
  sapPlant,
  workshop,
  line,
  shift,
  workstationType,
  workstation,
  processStation,
  deviceClass,
  deviceModel,
  device,
  printer,
  warehouse,
  warehouseArea,
  storageLocation,
  shelf,
  transportShelf,
  agvTag,
  landmark,
  documentType,
  encodingRule,
  scanRule,
  packagingRule,
  printTemplate,
];

/** Platform management on the engine (issue 4): users, roles, the shared menu tree, factories. */
export const PLATFORM_RESOURCES: readonly ResourceDef[] = [
  user,
  role,
  menu,
  factory,
  app,
  organization,
  department,
  staff,
  configItem,
];

/**
 * Served by the engine but kept out of RESOURCES and its generic tests: tenants (operator-only,
 * never deleted) and the read-only logs; tests/server/system.test.ts covers them.
 */
export const SYSTEM_RESOURCES: readonly ResourceDef[] = [tenant, loginLog, operationLog, interfaceLog, auditTrail];

/** Every resource the engine serves. */
export const RESOURCES: readonly ResourceDef[] = [...MASTER_DATA, ...PLATFORM_RESOURCES];

/**
 * Records their features serve with routes of their own (`served: 'feature'`): the definitions
 * describe them to the screens, which reach them through model/contract/operations.ts.
 */
export const FEATURE_SERVED: readonly ResourceDef[] = [dict, dictItem, notice, alarm, feedback, helpDoc, course];

/** Every definition: what the engine serves and what features serve themselves. */
export const DEFINITIONS: readonly ResourceDef[] = [...RESOURCES, ...SYSTEM_RESOURCES, ...FEATURE_SERVED];

const byName = new Map(DEFINITIONS.map((r) => [r.name, r]));

export function resourceByName(name: string): ResourceDef | undefined {
  return byName.get(name);
}

export { configItem, department, organization, staff } from './org';
export { app, auditTrail, factory, interfaceLog, loginLog, menu, operationLog, role, tenant, user };
export { alarm, course, dict, dictItem, feedback, helpDoc, notice };
export {
  agvTag,
  customer,
  device,
  deviceClass,
  deviceModel,
  documentType,
  material,
  materialClass,
  encodingRule,
  scanRule,
  packagingRule,
  printTemplate,
  landmark,
  line,
  packingUnit,
  printer,
  processStation,
  productSeries,
  sapPlant,
  shelf,
  shift,
  storageLocation,
  supplier,
  transportShelf,
  unit,
  warehouse,
  warehouseArea,
  workshop,
  workstation,
  workstationType,
};
