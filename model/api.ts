/** The envelope of every answer (DESIGN §5): `code` 200 is success, otherwise the HTTP status. */
export interface ApiResult<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** One field's validation failure: the field key, the message key and the localised message. */
export interface FieldError {
  field: string;
  key: string;
  message: string;
}

/** `data` of a 400 validation answer. */
export interface ValidationErrorData {
  errors: FieldError[];
}

/** The field errors an answer's `data` carries; none when it is not a validation answer. */
export function errorsOf(data: unknown): FieldError[] {
  const errors = (data as Partial<ValidationErrorData> | null)?.errors;
  return Array.isArray(errors) ? errors : [];
}

/** Field errors in the shape a form's `setFields` takes: each field with its message. */
export function fieldErrors(errors: FieldError[] | undefined) {
  return Object.fromEntries((errors ?? []).map((e) => [e.field, { error: { message: e.message } }]));
}

export interface Page<T> {
  records: T[];
  total: number;
  page: number;
  size: number;
}

export interface PageQuery {
  page?: number;
  size?: number;
}

/** Request headers of SPEC §7 / DESIGN §5. */
export const HEADERS = {
  authorization: 'authorization',
  timezoneOffset: 'x-timezone-offset',
  language: 'accept-language',
  clientId: 'x-client-id',
  operationId: 'x-operation-id',
  factoryId: 'x-factory-id',
} as const;

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 15_000;
