import type { AppDescriptor, CaptchaData, ChangePasswordInput, CorpInfo, CurrentUser, FactoryListData, FeedbackRecord, LanguageOption, LoginData, LoginRequest, MenuNode, MobileLoginInput, OrgOption, Page, UpdateProfileInput } from '../../model';
import type { PersonalCenterInput, StaffDetail } from '../../model/staff';
import { api } from './http';

/** The calls of SPEC §7 that the shell makes, at their exact paths. */
export const endpoints = {
  captcha: () => api.get<CaptchaData>('/auth/captcha', undefined, { showError: false }),
  login: (body: LoginRequest) => api.post<LoginData>('/auth/login', body),
  logout: () => api.post<null>('/auth/logout', undefined, { showError: false }),
  routes: (factoryId: string | null) =>
    api.get<MenuNode[]>('/platform-system/function/routes', { terminalType: 'web', factoryId: factoryId ?? undefined }, { showError: false }),
  corp: () => api.get<CorpInfo>('/platform-system/cope', undefined, { showError: false }),
  languages: () => api.get<LanguageOption[]>('/platform-system/dict/list', undefined, { showError: false }),
  apps: () => api.get<AppDescriptor[]>('/platform-system/platFactoryApp', undefined, { showError: false }),
  user: () => api.get<CurrentUser>('/platform-system/user'),
  factories: () => api.get<FactoryListData>('/platform-system/factory/getFactoryList'),
  sendSmsCode: (tenantCode: string, mobile: string) =>
    api.post<{ expiresInSeconds: number }>('/auth/sms/send', { tenantCode, mobile }),
  loginByMobile: (body: MobileLoginInput) => api.post<LoginData>('/auth/login/mobile', body),
  changePassword: (body: ChangePasswordInput) =>
    api.post<null>('/platform-system/user/update/password', body, { showSuccess: true }),
  updateProfile: (body: UpdateProfileInput) => api.post<CurrentUser>('/platform-system/user/updateUser', body, { showSuccess: true }),
  saveFeedback: (form: FormData) => api.post<{ id: string }>('/platform-system/feedback/save', form, { showSuccess: true }),
  myFeedback: () => api.get<Page<FeedbackRecord>>('/platform-system/feedback', { page: 1, size: 20 }),
  ssoConfig: () => api.get<{ enabled: boolean }>('/auth/sso/config', undefined, { showError: false }),
  ssoExchange: (code: string) => api.post<LoginData>('/auth/sso/exchange', { code }),
  staffDetail: (factoryId: string) =>
    api.get<StaffDetail>('/cloudbase-system/staff/detail/by/factory/id', { factoryId }, { showError: false }),
  updateStaff: (body: PersonalCenterInput) => api.post<StaffDetail>('/cloudbase-system/staff/personal/center/update', body),
  organizations: () => api.get<OrgOption[]>('/cloudbase-system/organization/currentStaffOrgSelect', undefined, { showError: false }),
  recordAccess: (factoryId: string, functionId: string) =>
    api.post<null>('/platform-system/menu/access/record/save', { factoryId, functionId }, { showError: false }),
};
