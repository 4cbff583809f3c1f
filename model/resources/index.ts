import type { ResourceDef } from '../resource';
import { device } from './device';
import { deviceClass } from './device-class';
import { unit } from './unit';
import { warehouse } from './warehouse';
import { warehouseArea } from './warehouse-area';

/** Every resource the engine serves; order matters only for display. */
export const RESOURCES: readonly ResourceDef[] = [unit, deviceClass, device, warehouse, warehouseArea];

const byName = new Map(RESOURCES.map((r) => [r.name, r]));

export function resourceByName(name: string): ResourceDef | undefined {
  return byName.get(name);
}

export { device, deviceClass, unit, warehouse, warehouseArea };
