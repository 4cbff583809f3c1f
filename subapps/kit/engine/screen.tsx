import { lazy, type ComponentType } from 'react';
import type { ResourceDef } from '../../../model/engine';
import type { ResourceOverrides } from './types';

// The table, forms and dialogs load with the first screen opened, not with the app's first paint.
const ResourcePage = lazy(() => import('./ResourcePage'));

/** The route component of a definition's generated screen, with the parts that differ. */
export function resourceScreen(def: ResourceDef, overrides: ResourceOverrides = {}): ComponentType {
  const Screen = () => <ResourcePage def={def} overrides={overrides} />;
  Screen.displayName = `Screen(${def.name})`;
  return Screen;
}
