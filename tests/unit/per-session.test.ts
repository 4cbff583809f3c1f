/** One answer per session, shared by the callers meanwhile; a failed one is asked again. */
import { afterEach, describe, expect, it } from 'vitest';
import { store, tokenAtom } from '../../shell/state/atoms';
import { perSession } from '../../shell/state/perSession';

afterEach(() => store.set(tokenAtom, null));

describe('an answer per session', () => {
  it('asks once per session and key, again for another session, and again after a failure', async () => {
    let asked = 0;
    let fail = false;
    const answer = perSession(
      async () => {
        asked++;
        return fail ? 'failed' : `answer ${asked}`;
      },
      (a) => a === 'failed',
    );
    store.set(tokenAtom, 'one');
    expect(await Promise.all([answer(), answer()])).toEqual(['answer 1', 'answer 1']);
    expect(await answer('other key')).toBe('answer 2');
    store.set(tokenAtom, 'two');
    expect(await answer()).toBe('answer 3');
    fail = true;
    store.set(tokenAtom, 'three');
    expect(await answer()).toBe('failed');
    fail = false;
    expect(await answer()).toBe('answer 5');
    expect(asked).toBe(5);
  });
});
