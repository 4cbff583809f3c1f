/**
 * Between the press of "log out" (or a 401) and the session forgotten, the shell's calls that carry
 * the ending session's token are not sent, so a bell's poll in that moment meets no refusal; the
 * logout itself is sent, and so is the next login.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { store, tokenAtom } from '../../shell/state/atoms';
import { api, despiteEnding, markSessionEnded } from '../../shell/api/http';

const sent: string[] = [];

beforeEach(() => {
  sent.length = 0;
  // What the build defines (vite.config.ts), for the client's headers.
  vi.stubGlobal('__WEB_CLIENT_ID__', 'portal-web');
  vi.stubGlobal('__WEB_CLIENT_SECRET__', 'portal-web-secret');
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      sent.push(url);
      return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }), { status: 200 }));
    }),
  );
  store.set(tokenAtom, 'session-1');
});
afterEach(() => {
  store.set(tokenAtom, null);
  vi.unstubAllGlobals();
});

it('sends nothing with the ending session but the logout, then the next login', async () => {
  expect((await api.get('/platform-system/alarm/feed')).code).toBe(200);
  markSessionEnded();
  const poll = await api.get('/platform-system/notice/list', { limit: 50 });
  expect(poll.code).toBe(0);
  expect((await despiteEnding(() => api.post('/auth/logout'))).code).toBe(200);
  store.set(tokenAtom, null);
  expect((await api.post('/auth/login', { account: 'admin' })).code).toBe(200);
  expect(sent).toEqual(['/api/platform-system/alarm/feed', '/api/auth/logout', '/api/auth/login']);
  // A new session's calls go out again.
  store.set(tokenAtom, 'session-2');
  await api.get('/platform-system/task/count');
  expect(sent.at(-1)).toBe('/api/platform-system/task/count');
});
