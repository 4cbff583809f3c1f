import type { ResourceOverrides } from '../../kit/engine/types';
import { StaffAccountButton } from '../org/StaffAccountButton';

/** Staff without an account get one made from the row (SPEC §6). */
export const staffOverrides: ResourceOverrides = {
  rowActions: (row, { reload }) => <StaffAccountButton row={row} reload={reload} />,
};
