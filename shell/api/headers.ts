import { HEADERS } from '../../model/api';
import { isLanguage } from '../../model/languages';

export interface HeaderState {
  token: string | null;
  language: string;
  clientId: string;
  operationId: string | null;
  factoryId: string | null;
  /** Minutes, as `Date.prototype.getTimezoneOffset` gives them. */
  timezoneOffset: number;
  clientCredentials: { id: string; secret: string };
}

/** The headers of SPEC §7 for one request: a bearer token after login, client credentials before. */
export function buildHeaders(s: HeaderState): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.authorization]: s.token
      ? `Bearer ${s.token}`
      : `Basic ${btoa(`${s.clientCredentials.id}:${s.clientCredentials.secret}`)}`,
    [HEADERS.timezoneOffset]: String(s.timezoneOffset),
    [HEADERS.language]: s.language,
    [HEADERS.clientId]: s.clientId,
  };
  if (s.operationId) headers[HEADERS.operationId] = s.operationId;
  if (s.factoryId) headers[HEADERS.factoryId] = s.factoryId;
  return headers;
}

/**
 * The language a request asks for: the URL's, which leads. i18n follows the URL only once that language's
 * texts have arrived, and a call made meanwhile (the menu's, right after a switch) must already ask in the new one.
 */
export function requestLanguage(pathname: string, shown: string): string {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : shown;
}
