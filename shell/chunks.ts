import { startArcoA11y } from './a11y';

/** SPEC §9: a module chunk may take up to 120 s to load before the shell gives up on it. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'script' | 'style' | 'timeout';

/** A chunk of the shell that could not be loaded, and why (SPEC §8). */
export class ChunkLoadError extends Error {
  constructor(
    readonly kind: ChunkFailure,
    cause?: unknown,
  ) {
    super(`chunk load failed (${kind})`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Whether a failed import was a style sheet (Vite's CSS preload) rather than a script. */
export function failureKind(error: unknown): ChunkFailure {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
  return /\.css\b|stylesheet|CSS/i.test(text) ? 'style' : 'script';
}

/** Loads a chunk, failing with a ChunkLoadError on error or after the time-out. */
export function loadChunk<T>(factory: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  // Every page but the login's comes through here: the mender of Arco's markup comes with the first.
  startArcoA11y();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    factory().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(failureKind(error), error));
      },
    );
  });
}
