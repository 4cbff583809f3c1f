/**
 * The shell's typed API calls: an operation of model/contract and its input, answered as the
 * envelope (the shell's HTTP client never throws; `code` tells success).
 */
import { API_BASE, type ApiResult } from '../../model/api';
import { apiClient, type Args } from '../../model/contract/client';
import type { AnyEndpoint, DataOf } from '../../model/contract/endpoint';
import { request } from './http';

const plan = apiClient(() => Promise.reject(new Error('prepare only')));

export function callApi<E extends AnyEndpoint>(ep: E, ...args: Args<E>): Promise<ApiResult<DataOf<E>>> {
  const c = plan.prepare(ep, ...args);
  let data: unknown = c.data;
  if (c.files) {
    const form = new FormData();
    for (const [k, v] of Object.entries((c.data ?? {}) as Record<string, unknown>))
      if (v !== undefined && v !== null) form.append(k, String(v));
    for (const [k, blob] of Object.entries(c.files)) form.append(k, blob);
    data = form;
  }
  return request<DataOf<E>>({
    method: c.method,
    url: c.url.slice(API_BASE.length),
    params: c.params,
    data,
    showSuccess: c.showSuccess,
    showError: c.showError,
    timeout: c.timeout,
  });
}
