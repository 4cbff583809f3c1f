import type { AppDescriptor, CaptchaData, CorpInfo, CurrentUser, FactoryListData, LanguageOption, LoginData, LoginRequest, MenuNode } from '../../model';
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
  recordAccess: (factoryId: string, functionId: string) =>
    api.post<null>('/platform-system/menu/access/record/save', { factoryId, functionId }, { showError: false }),
};
