/**
 * Electronic signatures on user tasks (issue 25). A user task that requires one carries the
 * meanings its signer may choose, as `mes:signature="approved reviewed"` in the BPMN XML
 * (space- or comma-separated keys of SIGNATURE_MEANINGS). Labels: `common` namespace,
 * `signature.meaning.<key>` (the record's History shows them on every screen).
 */
import { AuditSignature } from '../audit';

export const SIGNATURE_ATTRIBUTE = 'mes:signature';

export const SIGNATURE_MEANINGS = ['approved', 'reviewed', 'responsible', 'authored', 'verified', 'released'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

const known = new Set<string>(SIGNATURE_MEANINGS);

/** The meanings of a `mes:signature` value: null when absent or empty, 'invalid' when a key is unknown. */
export function parseSignatureMeanings(text: string | undefined | null): SignatureMeaning[] | null | 'invalid' {
  if (text === undefined || text === null) return null;
  const keys = text.split(/[\s,]+/).filter(Boolean);
  if (keys.length === 0) return null;
  if (keys.some((k) => !known.has(k))) return 'invalid';
  return [...new Set(keys)] as SignatureMeaning[];
}

export const formatSignatureMeanings = (meanings: readonly string[]): string => meanings.join(' ');

/** A signature made when a task was decided: the one shape the record's history also carries. */
export const TaskSignature = AuditSignature;
export type TaskSignature = AuditSignature;
