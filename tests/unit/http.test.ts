import { describe, expect, it } from 'vitest';
import { buildHeaders, requestLanguage, type HeaderState } from '../../shell/api/headers';
import { interpretResponse } from '../../shell/api/response';

const state: HeaderState = {
  token: null,
  language: 'vi',
  clientId: '8c1f-client',
  operationId: null,
  factoryId: null,
  timezoneOffset: -480,
  clientCredentials: { id: 'portal-web', secret: 'portal-web-secret' },
};

describe('request headers (SPEC §7)', () => {
  it('sends basic client credentials before login', () => {
    const h = buildHeaders(state);
    expect(h.authorization).toBe(`Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`);
    expect(h['x-timezone-offset']).toBe('-480');
    expect(h['accept-language']).toBe('vi');
    expect(h['x-client-id']).toBe('8c1f-client');
    expect(h).not.toHaveProperty('x-factory-id');
    expect(h).not.toHaveProperty('x-operation-id');
  });

  it('sends the bearer token, factory and operation id after login', () => {
    const h = buildHeaders({ ...state, token: 'abc', factoryId: 'f-1', operationId: 'menu-9' });
    expect(h.authorization).toBe('Bearer abc');
    expect(h['x-factory-id']).toBe('f-1');
    expect(h['x-operation-id']).toBe('menu-9');
  });
});

describe('the language a request asks for', () => {
  it("is the URL's, even while the texts shown are still those of the language before", () => {
    expect(requestLanguage('/zh-CN/platform/dict', 'en')).toBe('zh-CN');
    expect(requestLanguage('/vi/login', 'vi')).toBe('vi');
  });

  it('is the shown one where the URL names no language', () => {
    expect(requestLanguage('/', 'es')).toBe('es');
    expect(requestLanguage('/no-such/x', 'en')).toBe('en');
  });
});

describe('answer handling (SPEC §7, §8)', () => {
  const opts = { hadToken: true, fallbackMessage: () => 'Request failed' };

  it('reads success from the body code and toasts only when asked', () => {
    const quiet = interpretResponse(200, { code: 200, msg: 'Saved', data: { id: 1 } }, opts);
    expect(quiet.result).toEqual({ code: 200, msg: 'Saved', data: { id: 1 } });
    expect(quiet.toast).toBeNull();
    expect(
      interpretResponse(200, { code: 200, msg: 'Saved', data: null }, { ...opts, showSuccess: true }).toast,
    ).toEqual({ type: 'success', message: 'Saved' });
  });

  it('treats a body code other than 200 as failure even under HTTP 200', () => {
    const o = interpretResponse(200, { code: 409, msg: 'Type exists', data: null }, opts);
    expect(o.result.code).toBe(409);
    expect(o.toast).toEqual({ type: 'error', message: 'Type exists' });
    expect(o.tokenInvalid).toBe(false);
  });

  it('falls back to the other message field, then to a generic message', () => {
    expect(interpretResponse(400, { code: 400, message: 'Bad tenant' }, opts).toast?.message).toBe('Bad tenant');
    expect(interpretResponse(502, 'Bad gateway', opts).result).toEqual({
      code: 502,
      msg: 'Request failed',
      data: null,
    });
  });

  it('marks the token invalid on 401 when a token was sent, without a toast', () => {
    const o = interpretResponse(401, { code: 401, msg: 'Unauthorized', data: null }, opts);
    expect(o.tokenInvalid).toBe(true);
    expect(o.toast).toBeNull();
    expect(interpretResponse(200, { code: 401, msg: 'x', data: null }, opts).tokenInvalid).toBe(true);
  });

  it('does not treat a 401 before login as an expired session', () => {
    const o = interpretResponse(401, { code: 401, msg: 'Bad client', data: null }, { ...opts, hadToken: false });
    expect(o.tokenInvalid).toBe(false);
    expect(o.toast).toEqual({ type: 'error', message: 'Bad client' });
  });

  it('stays quiet when the caller asks for no error toast', () => {
    expect(interpretResponse(500, { code: 500, msg: 'boom' }, { ...opts, showError: false }).toast).toBeNull();
  });
});
