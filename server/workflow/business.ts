/**
 * What the portal's own records do when a process about them ends. A business type registers
 * here; the workflow calls it inside the transaction that ends the instance, so the record and
 * the process never disagree.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { Translator } from '../i18n';
import type { AuditActor } from '../audit/write';

export interface EndContext {
  tenantId: string;
  businessId: string;
  result: 'approved' | 'rejected';
  opinion: string | null;
  handlerId: string;
  /** Who ended it and from where, for the record's history (the handler alone when absent). */
  audit?: AuditActor;
}

export interface BusinessType {
  /** The process key a record of this type starts when that process is published. */
  modelKey: string;
  /** Label/value pairs shown on the task form; null when the record is gone. */
  describe(
    trx: Transaction<DB>,
    tenantId: string,
    businessId: string,
    tr: Translator,
  ): Promise<{ label: string; value: string }[] | null>;
  onEnd(trx: Transaction<DB>, end: EndContext): Promise<void>;
}

const registry = new Map<string, BusinessType>();

export function registerBusiness(type: string, binding: BusinessType): void {
  registry.set(type, binding);
}

export function businessOf(type: string): BusinessType | undefined {
  return registry.get(type);
}
