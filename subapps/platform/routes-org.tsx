import { configItem, department, organization, staff } from '../../model/resources';
import type { RouteTable } from '../kit/routing';
import { resourceScreen } from '../kit/engine/screen';
import type { ResourceOverrides } from '../kit/engine/types';
import { StaffAccountButton } from './org/StaffAccountButton';

/** Staff without an account get one made from the row (SPEC §6). */
const staffOverrides: ResourceOverrides = {
  rowActions: (row, { reload }) => <StaffAccountButton row={row} reload={reload} />,
};

/** Screens of organisations, departments (a tree), staff and configuration items (issue 4). */
export const ORG_ROUTES: RouteTable = {
  '/platform/organization': resourceScreen(organization),
  '/platform/department': resourceScreen(department),
  '/platform/staff': resourceScreen(staff, staffOverrides),
  '/platform/config-item': resourceScreen(configItem),
};
