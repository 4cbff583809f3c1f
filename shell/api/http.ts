import { Message } from '@arco-design/web-react';
import { API_BASE, REQUEST_TIMEOUT_MS, type ApiResult } from '../../model/api';
import {
  activeTabIdAtom,
  clearSession,
  clientId,
  factoryIdAtom,
  loginNoticeAtom,
  store,
  tabsAtom,
  tokenAtom,
  tokenValidAtom,
} from '../state/atoms';
import { i18n } from '../i18n';
import { buildHeaders, requestLanguage } from './headers';
import { interpretResponse } from './response';
import { cancelExchanges, exchange, NoAnswer, type Exchange } from './transport';

export interface RequestOptions {
  method?: string;
  /** Under `/api`, without it. */
  url: string;
  params?: Exchange['params'];
  data?: unknown;
  timeout?: number;
  showSuccess?: boolean;
  showError?: boolean;
}

/**
 * What must happen when the server ends the session, before the shell forgets it; whoever holds
 * something to tell (the sub-app frames) registers it, so this client knows nothing of them.
 */
let unauthorized: () => Promise<void> = async () => {};
export function onUnauthorized(fn: () => Promise<void>) {
  unauthorized = fn;
}

function currentOperationId(): string | null {
  const active = store.get(activeTabIdAtom);
  return store.get(tabsAtom).find((t) => t.id === active)?.menuId ?? null;
}

export function currentHeaders(): Record<string, string> {
  return buildHeaders({
    token: store.get(tokenAtom),
    language: requestLanguage(window.location.pathname, i18n.language),
    clientId: clientId(),
    operationId: currentOperationId(),
    factoryId: store.get(factoryIdAtom),
    timezoneOffset: new Date().getTimezoneOffset(),
    clientCredentials: { id: __WEB_CLIENT_ID__, secret: __WEB_CLIENT_SECRET__ },
  });
}

/** Every /api call of the shell and, through the bridge, of every sub-app. Never throws. */
export async function request<T = unknown>(options: RequestOptions): Promise<ApiResult<T>> {
  const hadToken = Boolean(store.get(tokenAtom));
  // A logout under way, or a 401 being handled: a call with the ending session's token (a bell's
  // poll at that moment) would only be refused, and is not sent. The logout itself is (despiteEnding).
  if (sessionOver && hadToken && !exempt) return { code: 0, msg: i18n.t('shell:login.sessionEnded'), data: null as T };
  let status = 0;
  let body: unknown = null;
  try {
    const res = await exchange({
      method: (options.method ?? 'GET').toUpperCase(),
      url: API_BASE + options.url,
      params: options.params,
      data: options.data,
      headers: currentHeaders(),
      timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    });
    status = res.status;
    body = res.body;
  } catch (e) {
    const reason = e instanceof NoAnswer ? e.reason : 'network';
    const message = i18n.t(reason === 'timeout' ? 'shell:http.timeout' : 'shell:http.network');
    // A call the logout cancelled: nobody is waiting for its answer any more.
    if (options.showError !== false && reason !== 'cancelled') Message.error(message);
    return { code: 0, msg: message, data: null as T };
  }
  const outcome = interpretResponse<T>(status, body, {
    showSuccess: options.showSuccess,
    showError: options.showError,
    hadToken,
    fallbackMessage: () => i18n.t('shell:http.failed', { status }),
  });
  if (outcome.toast) Message[outcome.toast.type](outcome.toast.message);
  if (outcome.tokenInvalid && store.get(tokenAtom)) {
    ending ??= endSession();
    await ending;
  }
  return outcome.result;
}

let ending: Promise<void> | null = null;

// From a logout (or the server's 401) until the next login, the sub-apps' calls are not sent: a
// frame still loading would otherwise call with the ended session and be refused.
let sessionOver = false;
export const sessionEnded = () => sessionOver;
export function markSessionEnded(): void {
  sessionOver = true;
  // Calls under way would be answered 401 once the session ends: they are dropped instead.
  cancelExchanges();
}
store.sub(tokenAtom, () => {
  if (store.get(tokenAtom)) sessionOver = false;
});

let exempt = false;
/**
 * Sends the call `start` makes at once although the session is ending: the logout, which must reach
 * the server with the token. `request` reads the exemption before its first await.
 */
export function despiteEnding<T>(start: () => Promise<T>): Promise<T> {
  exempt = true;
  try {
    return start();
  } finally {
    exempt = false;
  }
}

/**
 * The server ended the session: whoever registered `onUnauthorized` is heard first (every connected
 * app is told once, before its frame goes away), then the shell forgets the session and returns to login. Later 401s wait for the same ending.
 */
async function endSession(): Promise<void> {
  markSessionEnded();
  await unauthorized();
  store.set(tokenValidAtom, false);
  clearSession();
  store.set(loginNoticeAtom, i18n.t('shell:login.sessionEnded'));
  ending = null;
  window.location.assign(`/${i18n.language}/login`);
}

export const api = {
  get: <T>(url: string, params?: RequestOptions['params'], extra?: Partial<RequestOptions>) =>
    request<T>({ method: 'GET', url, params, ...extra }),
  post: <T>(url: string, data?: unknown, extra?: Partial<RequestOptions>) =>
    request<T>({ method: 'POST', url, data, ...extra }),
};
