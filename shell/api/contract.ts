/**
 * The features' contracts the shell calls after login, one by one: the contract's index also brings
 * the resource engine's operations, whose builder (with zod) the shell never needs.
 */
import { account } from '../../model/contract/account';
import { alarm } from '../../model/contract/alarm';
import { auth } from '../../model/contract/auth';
import { feedback } from '../../model/contract/feedback';
import { flow } from '../../model/contract/flow';
import { help } from '../../model/contract/help';
import { helper } from '../../model/contract/helper';
import { notice } from '../../model/contract/notice';
import { organization } from '../../model/contract/organization';
import { platform } from '../../model/contract/platform';
import { security } from '../../model/contract/security';
import { sso } from '../../model/contract/sso';
import { staff } from '../../model/contract/staff';
import { system } from '../../model/contract/system';
import { workbench } from '../../model/contract/workbench';

export const contract = {
  account,
  alarm,
  auth,
  feedback,
  flow,
  help,
  helper,
  notice,
  organization,
  platform,
  security,
  sso,
  staff,
  system,
  workbench,
};
