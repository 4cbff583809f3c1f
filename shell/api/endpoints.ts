import type { ChangePasswordInput, FeedbackRecord, LoginRequest, MobileLoginInput, Page, UpdateProfileInput } from '../../model';
import { account } from '../../model/contract/account';
import { auth } from '../../model/contract/auth';
import { organization } from '../../model/contract/organization';
import { platform } from '../../model/contract/platform';
import { sso } from '../../model/contract/sso';
import { staff } from '../../model/contract/staff';
import type { PersonalCenterInput } from '../../model/staff';
import { callApi } from './client';
import { api } from './http';

// The features' contracts one by one, not the whole contract: the login page loads this file.
const contract = { account, auth, organization, platform, sso, staff };

/** The calls of SPEC §7 that the shell makes, through the typed contract. */
export const endpoints = {
  captcha: () => callApi(contract.auth.captcha, { showError: false }),
  login: (body: LoginRequest) => callApi(contract.auth.login, { body }),
  logout: () => callApi(contract.auth.logout, { showError: false }),
  routes: (factoryId: string | null) =>
    callApi(contract.platform.routes, { query: { terminalType: 'web', factoryId: factoryId ?? undefined }, showError: false }),
  corp: () => callApi(contract.platform.corp, { showError: false }),
  languages: () => callApi(contract.platform.dictOptions, { query: {}, showError: false }),
  apps: () => callApi(contract.platform.apps, { showError: false }),
  user: () => callApi(contract.platform.user),
  factories: () => callApi(contract.platform.factories),
  sendSmsCode: (tenantCode: string, mobile: string) => callApi(contract.auth.sendSmsCode, { body: { tenantCode, mobile } }),
  loginByMobile: (body: MobileLoginInput) => callApi(contract.auth.loginByMobile, { body }),
  changePassword: (body: ChangePasswordInput) => callApi(contract.account.changePassword, { body, showSuccess: true }),
  updateProfile: (body: UpdateProfileInput) => callApi(contract.account.updateProfile, { body, showSuccess: true }),
  saveFeedback: (form: FormData) => api.post<{ id: string }>('/platform-system/feedback/save', form, { showSuccess: true }),
  myFeedback: () => api.get<Page<FeedbackRecord>>('/platform-system/feedback', { page: 1, size: 20 }),
  ssoConfig: () => callApi(contract.sso.config, { showError: false }),
  ssoExchange: (code: string) => callApi(contract.sso.exchange, { body: { code } }),
  staffDetail: (factoryId: string) => callApi(contract.staff.detail, { query: { factoryId }, showError: false }),
  updateStaff: (body: PersonalCenterInput) => callApi(contract.staff.updatePersonal, { body }),
  organizations: () => callApi(contract.organization.mine, { showError: false }),
  recordAccess: (factoryId: string, functionId: string) =>
    callApi(contract.platform.recordAccess, { body: { factoryId, functionId }, showError: false }),
};
