import type { ChangePasswordInput, FeedbackRecord, Page, UpdateProfileInput } from '../../model';
import { account } from '../../model/contract/account';
import { organization } from '../../model/contract/organization';
import { staff } from '../../model/contract/staff';
import type { PersonalCenterInput } from '../../model/staff';
import { callApi } from './client';
import { api } from './http';

const contract = { account, organization, staff };

/** The calls of the user's own account, organisations and staff record (screens after login). */
export const accountEndpoints = {
  changePassword: (body: ChangePasswordInput) => callApi(contract.account.changePassword, { body, showSuccess: true }),
  updateProfile: (body: UpdateProfileInput) => callApi(contract.account.updateProfile, { body, showSuccess: true }),
  saveFeedback: (form: FormData) =>
    api.post<{ id: string }>('/platform-system/feedback/save', form, { showSuccess: true }),
  myFeedback: () => api.get<Page<FeedbackRecord>>('/platform-system/feedback', { page: 1, size: 20 }),
  staffDetail: (factoryId: string) => callApi(contract.staff.detail, { query: { factoryId }, showError: false }),
  updateStaff: (body: PersonalCenterInput) => callApi(contract.staff.updatePersonal, { body }),
  organizations: () => callApi(contract.organization.mine, { showError: false }),
};
