import type { LoginRequest, MobileLoginInput } from '../../model';
import { auth } from '../../model/contract/auth';
import { platform } from '../../model/contract/platform';
import { sso } from '../../model/contract/sso';
import { callApi } from './client';

// The features' contracts one by one, not the whole contract: the login page loads this file
// (what only the screens after login call is in accountEndpoints.ts).
const contract = { auth, platform, sso };

/** The calls of SPEC §7 that the shell makes, through the typed contract. */
export const endpoints = {
  captcha: () => callApi(contract.auth.captcha, { showError: false }),
  login: (body: LoginRequest) => callApi(contract.auth.login, { body }),
  logout: () => callApi(contract.auth.logout, { showError: false }),
  routes: (factoryId: string | null) =>
    callApi(contract.platform.routes, {
      query: { terminalType: 'web', factoryId: factoryId ?? undefined },
      showError: false,
    }),
  corp: () => callApi(contract.platform.corp, { showError: false }),
  languages: () => callApi(contract.platform.dictOptions, { query: {}, showError: false }),
  apps: () => callApi(contract.platform.apps, { showError: false }),
  user: () => callApi(contract.platform.user),
  factories: () => callApi(contract.platform.factories),
  sendSmsCode: (tenantCode: string, mobile: string) =>
    callApi(contract.auth.sendSmsCode, { body: { tenantCode, mobile } }),
  loginByMobile: (body: MobileLoginInput) => callApi(contract.auth.loginByMobile, { body }),
  ssoConfig: () => callApi(contract.sso.config, { showError: false }),
  ssoExchange: (code: string) => callApi(contract.sso.exchange, { body: { code } }),
  recordAccess: (factoryId: string, functionId: string) =>
    callApi(contract.platform.recordAccess, { body: { factoryId, functionId }, showError: false }),
};
