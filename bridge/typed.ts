/**
 * The bridge's `request` typed by path for TypeScript apps: give it the `paths` type that
 * openapi-typescript generates from the portal's `/api/docs/json`, and every call is checked —
 * the path, its method, the path parameters, the query, the JSON body — and answers the operation's
 * `data` type.
 *
 *   import type { paths } from './portal-api';
 *   const api = typedRequest<paths>(bridge);
 *   const notices = await api({ url: '/api/platform-system/notice/list', query: { limit: 5 } });
 *   await api({ url: '/api/platform-system/notice/{id}/handle', method: 'POST', path: { id } });
 */
import type { BridgeRequestConfig, HttpMethod } from './protocol';

type Lower<M extends HttpMethod> = Lowercase<M>;
/** The operation of `paths[U]` for method M (openapi-typescript's shape). */
type Operation<P, U extends keyof P, M extends HttpMethod> =
  Lower<M> extends keyof P[U] ? NonNullable<P[U][Lower<M>]> : never;

type JsonBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type PathParams<O> = O extends { parameters: { path: infer T } }
  ? [T] extends [never | undefined]
    ? never
    : T
  : never;
type QueryParams<O> = O extends { parameters: { query?: infer T } }
  ? [T] extends [never | undefined]
    ? never
    : T
  : never;
/** `data` of the envelope of a 200 (or 202) answer. */
export type AnswerData<O> = O extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } }
  ? D
  : O extends { responses: { 202: { content: { 'application/json': { data: infer D } } } } }
    ? D
    : unknown;

/** The methods `paths[U]` offers. */
type MethodsOf<P, U extends keyof P> = {
  [M in HttpMethod]: Lower<M> extends keyof P[U] ? ([NonNullable<P[U][Lower<M>]>] extends [never] ? never : M) : never;
}[HttpMethod];

type Part<K extends string, T> = [T] extends [never] ? { [_ in K]?: never } : { [_ in K]: T };

export type TypedRequestConfig<P, U extends keyof P & string, M extends HttpMethod> = { url: U; method?: M } & Part<
  'path',
  PathParams<Operation<P, U, M>>
> & {
    query?: QueryParams<Operation<P, U, M>>;
    data?: JsonBody<Operation<P, U, M>>;
  } & Pick<BridgeRequestConfig, 'files' | 'showSuccess' | 'showError' | 'timeout'>;

export type TypedRequest<P> = <U extends keyof P & string, M extends MethodsOf<P, U> = 'GET' & MethodsOf<P, U>>(
  config: TypedRequestConfig<P, U, M>,
) => Promise<AnswerData<Operation<P, U, M>>>;

/** Anything with the bridge's `request` (a `ChildBridge`, or `PortalBridge` of the script tag). */
export interface Requester {
  request<T = unknown>(config: BridgeRequestConfig): Promise<T>;
}

/** `/api/x/{id}` with `{ id: 'a b' }` → `/api/x/a%20b`. */
export function fillTemplate(url: string, path: Record<string, unknown> | undefined): string {
  return url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = path?.[name];
    if (v === undefined || v === null || v === '')
      throw new Error(`typedRequest: missing path parameter "${name}" of ${url}`);
    return encodeURIComponent(String(v));
  });
}

export function typedRequest<P>(bridge: Requester): TypedRequest<P> {
  return ((
    config: {
      url: string;
      method?: HttpMethod;
      path?: Record<string, unknown>;
      query?: BridgeRequestConfig['params'];
      data?: unknown;
    } & Omit<BridgeRequestConfig, 'url' | 'params'>,
  ) => {
    const { url, path, query, ...rest } = config;
    return bridge.request({ ...rest, url: fillTemplate(url, path), ...(query ? { params: query } : {}) });
  }) as TypedRequest<P>;
}
