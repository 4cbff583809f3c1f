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
