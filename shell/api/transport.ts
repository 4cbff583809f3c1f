/**
 * One HTTP exchange of the shell's client, over the browser's fetch: the query without empty values,
 * a JSON body (a FormData as it is), a time limit over the whole exchange, and the answer's body
 * read as JSON when it is JSON. Whatever the status, the answer is handed back: the envelope's code
 * decides success (response.ts). A logout cancels what is under way (`cancelExchanges`).
 */

export type QueryValue = string | number | boolean | null | undefined;

export interface Exchange {
  method: string;
  /** The full path, under /api/. */
  url: string;
  params?: Record<string, QueryValue>;
  data?: unknown;
  headers: Record<string, string>;
  timeout: number;
}

export interface Answered {
  status: number;
  body: unknown;
}

/** Why no answer came: the time limit passed, the network failed, or the shell cancelled the exchange. */
export class NoAnswer extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'cancelled',
    cause: unknown,
  ) {
    super(`no answer: ${reason}`, { cause });
    this.name = 'NoAnswer';
  }
}

let underWay = new AbortController();

/**
 * Cancels every exchange under way (a logout: their answers could only be refusals of the ended
 * session); exchanges started afterwards go ahead.
 */
export function cancelExchanges(): void {
  underWay.abort();
  underWay = new AbortController();
}

export function withQuery(url: string, params: Exchange['params']): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null) query.append(k, String(v));
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

const passedAsIs = (data: unknown) =>
  data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams || data instanceof ArrayBuffer;

export async function exchange(x: Exchange): Promise<Answered> {
  const headers = { ...x.headers };
  let body: BodyInit | undefined;
  // A GET carries no body (fetch refuses one).
  if (x.data !== undefined && x.method !== 'GET' && x.method !== 'HEAD') {
    if (passedAsIs(x.data)) body = x.data as BodyInit;
    else {
      body = JSON.stringify(x.data);
      headers['content-type'] = 'application/json';
    }
  }
  const cancelled = underWay.signal;
  try {
    const res = await fetch(withQuery(x.url, x.params), {
      method: x.method,
      headers,
      body,
      signal: AbortSignal.any([AbortSignal.timeout(x.timeout), cancelled]),
    });
    const text = await res.text();
    let parsed: unknown = text;
    if (text)
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON: the text itself */
      }
    return { status: res.status, body: text ? parsed : null };
  } catch (e) {
    if (cancelled.aborted) throw new NoAnswer('cancelled', e);
    throw new NoAnswer(e instanceof DOMException && e.name === 'TimeoutError' ? 'timeout' : 'network', e);
  }
}
