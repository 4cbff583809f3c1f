import { lazy, type ComponentType } from 'react';
import type { ResourceDef } from '../../model/resource';
import { configItem, department, organization, staff } from '../../model/resources';
import type { RouteTable } from '../kit/routing';

// The table, forms and dialogs load with the first screen opened, not with the app's first paint.
const ResourcePage = lazy(() => import('../kit/resource/ResourcePage'));

function screenOf(def: ResourceDef): ComponentType {
  const Screen = () => <ResourcePage def={def} />;
  Screen.displayName = `Screen(${def.name})`;
  return Screen;
}

/** Screens of organisations, departments (a tree), staff and configuration items (issue 4). */
export const ORG_ROUTES: RouteTable = {
  '/platform/organization': screenOf(organization),
  '/platform/department': screenOf(department),
  '/platform/staff': screenOf(staff),
  '/platform/config-item': screenOf(configItem),
};
