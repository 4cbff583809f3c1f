import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, failureKind, loadChunk } from '../../shell/chunks';

afterEach(() => {
  vi.useRealTimers();
});

describe('chunk loading (SPEC §8, §9)', () => {
  it('passes a loaded chunk through', async () => {
    await expect(loadChunk(() => Promise.resolve(42))).resolves.toBe(42);
  });

  it('tells a script failure from a style failure', async () => {
    await expect(
      loadChunk(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Layout-x.js')),
      ),
    ).rejects.toMatchObject({ kind: 'script' });
    await expect(
      loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/Layout-x.css'))),
    ).rejects.toMatchObject({ kind: 'style' });
    expect(failureKind('boom')).toBe('script');
  });

  it('gives up after 120 seconds, not before', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const settled = vi.fn();
    pending.then(settled, settled);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.any(ChunkLoadError));
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
  });
});
