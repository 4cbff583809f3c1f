/**
 * The typed client of the API: every call names its operation (an `Endpoint` of this folder), so
 * neither a path nor a type can drift from what the server registers. It runs over any transport
 * that sends `{ method, url, params, data, files }` and answers `data` — the shell's HTTP client or
 * a sub-app's bridge.
 */
import { API_BASE } from '../api';
import {
  fillPath,
  type AnyEndpoint,
  type BodyOf,
  type DataOf,
  type FieldsOf,
  type ParamsOf,
  type QueryOf,
} from './endpoint';

type QueryValue = string | number | boolean | null | undefined;

/** What a transport is asked to send. */
export interface ApiCall {
  method: AnyEndpoint['method'];
  url: string;
  params?: Record<string, QueryValue>;
  data?: unknown;
  files?: Record<string, Blob>;
  showSuccess?: boolean;
  showError?: boolean;
  timeout?: number;
}

export type Transport = (call: ApiCall) => Promise<unknown>;

/** Options of one call that are about the transport, not the operation. */
export interface CallOptions {
  /** Show the answer's message as a success toast. */
  showSuccess?: boolean;
  /** Show a failed answer as an error toast (default true). */
  showError?: boolean;
  timeout?: number;
}

type Key<K extends string, V> = undefined extends V ? { [P in K]?: V } : { [P in K]: V };

/** The input of a call: only the parts the operation declares, required when they have required keys. */
export type CallInput<E extends AnyEndpoint> = Key<'params', ParamsOf<E>> &
  Key<'query', QueryOf<E>> &
  Key<'body', BodyOf<E>> &
  ([NonNullable<E['multipart']>] extends [never]
    ? unknown
    : { files: Record<string, Blob> } & Key<'fields', FieldsOf<E>>) &
  CallOptions;

export type Args<E extends AnyEndpoint> = {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** `/api/...` for an operation with its path parameters filled in. */
export function urlOf(ep: AnyEndpoint, params?: unknown): string {
  return API_BASE + fillPath(ep.path, params as Record<string, unknown> | undefined);
}

export interface ApiClient {
  /** Runs a JSON operation; resolves its `data`, rejects as the transport does for errors. */
  call<E extends AnyEndpoint>(ep: E, ...args: Args<E>): Promise<DataOf<E>>;
  /** The request of an operation without sending it (downloads, links). */
  prepare<E extends AnyEndpoint>(ep: E, ...args: Args<E>): ApiCall;
}

export function apiClient(transport: Transport): ApiClient {
  const prepare = (ep: AnyEndpoint, input: Record<string, unknown> = {}): ApiCall => {
    const { params, query, body, files, fields, showSuccess, showError, timeout } = input as {
      params?: unknown;
      query?: Record<string, QueryValue>;
      body?: unknown;
      files?: Record<string, Blob>;
      fields?: Record<string, unknown>;
    } & CallOptions;
    const call: ApiCall = { method: ep.method, url: urlOf(ep, params) };
    if (query !== undefined) call.params = query;
    if (body !== undefined) call.data = body;
    // The plain parts of a multipart upload travel as `data`, sent before the files.
    if (fields !== undefined) call.data = fields;
    if (files !== undefined) call.files = files;
    if (showSuccess !== undefined) call.showSuccess = showSuccess;
    if (showError !== undefined) call.showError = showError;
    if (timeout !== undefined) call.timeout = timeout;
    return call;
  };
  return {
    prepare: (ep, ...args) => prepare(ep, args[0] as Record<string, unknown> | undefined),
    call: (ep, ...args) =>
      transport(prepare(ep, args[0] as Record<string, unknown> | undefined)) as Promise<DataOf<typeof ep>>,
  };
}
