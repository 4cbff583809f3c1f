/** What a failed statement says about itself, read off node-postgres's and PGlite's errors alike. */

/** The SQLSTATE of a database error (`23505` …), or undefined for anything else. */
export function pgCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The constraint a database error names, or ''. */
export function pgConstraint(err: unknown): string {
  const c = typeof err === 'object' && err !== null ? (err as { constraint?: unknown }).constraint : undefined;
  return typeof c === 'string' ? c : '';
}

/** A unique constraint refused the row (answered as 409 by whoever knows which field it was). */
export const isUniqueViolation = (err: unknown): boolean => pgCode(err) === '23505';

/** Runs a write; a unique constraint's refusal becomes `conflict()` (the 409 naming the taken value). */
export async function onUniqueViolation<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}
