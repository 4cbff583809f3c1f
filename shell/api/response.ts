import type { ApiResult } from '../../model/api';

export type Toast = { type: 'success' | 'error'; message: string } | null;

export interface Outcome<T> {
  result: ApiResult<T>;
  toast: Toast;
  /** The token is no longer valid: mark it so and return to login (SPEC §4, §8). */
  tokenInvalid: boolean;
}

export interface ResponseOptions {
  showSuccess?: boolean;
  showError?: boolean;
  /** Whether the request carried a bearer token (a 401 before login is a wrong password, not an expiry). */
  hadToken: boolean;
  /** The message when the answer carries none (made only then: most answers are successes). */
  fallbackMessage: () => string;
}

function isEnvelope(body: unknown): body is { code: unknown; msg?: unknown; message?: unknown; data?: unknown } {
  return typeof body === 'object' && body !== null && 'code' in body;
}

/**
 * Reads the answer's code from its body (SPEC §7): 200 (and any 2xx) is success; otherwise the `msg` field is
 * shown, falling back to `message`, and a 401 marks the token invalid.
 */
export function interpretResponse<T>(httpStatus: number, body: unknown, opts: ResponseOptions): Outcome<T> {
  let code: number;
  let msg: string;
  let data: unknown = null;
  if (isEnvelope(body)) {
    code = Number(body.code);
    msg =
      typeof body.msg === 'string' && body.msg
        ? body.msg
        : typeof body.message === 'string' && body.message
          ? body.message
          : '';
    data = body.data ?? null;
  } else {
    code = httpStatus >= 200 && httpStatus < 300 ? 500 : httpStatus || 500;
    msg = '';
  }
  if (httpStatus === 401) code = 401;
  // 2xx codes are successes: 202 is a job accepted (a large import), not an error.
  const ok = code >= 200 && code < 300;
  if (!msg && !ok) msg = opts.fallbackMessage();
  const result = { code, msg, data: data as T };
  const tokenInvalid = code === 401 && opts.hadToken;
  let toast: Toast = null;
  if (ok && opts.showSuccess && msg) toast = { type: 'success', message: msg };
  if (!ok && opts.showError !== false && !tokenInvalid) toast = { type: 'error', message: msg };
  return { result, toast, tokenInvalid };
}
