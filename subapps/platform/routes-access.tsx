import { lazy, type ComponentType } from 'react';
import { menu, role, user } from '../../model/resources';
import type { ResourceDef } from '../../model/resource';
import type { RouteTable } from '../kit/routing';
import type { ResourceOverrides } from '../kit/resource/types';
import { menuOverrides, roleOverrides, userOverrides } from './access/overrides';

const ResourcePage = lazy(() => import('../kit/resource/ResourcePage'));

function screenOf(def: ResourceDef, overrides: ResourceOverrides): ComponentType {
  const Screen = () => <ResourcePage def={def} overrides={overrides} />;
  Screen.displayName = `Screen(${def.name})`;
  return Screen;
}

/** Screens of users, roles and menus (issue 4). */
export const ACCESS_ROUTES: RouteTable = {
  '/platform/user': screenOf(user, userOverrides),
  '/platform/role': screenOf(role, roleOverrides),
  '/platform/menu': screenOf(menu, menuOverrides),
};
