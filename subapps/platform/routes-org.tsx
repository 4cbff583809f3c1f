import { lazy, type ComponentType } from 'react';
import type { ResourceDef } from '../../model/resource';
import { configItem, department, organization, staff } from '../../model/resources';
import type { RouteTable } from '../kit/routing';
import type { ResourceOverrides } from '../kit/resource/types';
import { StaffAccountButton } from './org/StaffAccountButton';

// The table, forms and dialogs load with the first screen opened, not with the app's first paint.
const ResourcePage = lazy(() => import('../kit/resource/ResourcePage'));

function screenOf(def: ResourceDef, overrides: ResourceOverrides = {}): ComponentType {
  const Screen = () => <ResourcePage def={def} overrides={overrides} />;
  Screen.displayName = `Screen(${def.name})`;
  return Screen;
}

/** Staff without an account get one made from the row (SPEC §6). */
const staffOverrides: ResourceOverrides = { rowActions: (row, { reload }) => <StaffAccountButton row={row} reload={reload} /> };

/** Screens of organisations, departments (a tree), staff and configuration items (issue 4). */
export const ORG_ROUTES: RouteTable = {
  '/platform/organization': screenOf(organization),
  '/platform/department': screenOf(department),
  '/platform/staff': screenOf(staff, staffOverrides),
  '/platform/config-item': screenOf(configItem),
};
