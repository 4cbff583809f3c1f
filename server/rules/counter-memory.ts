/**
 * What this process last saw of encoding counters and of factories' codes, so that a batch of codes
 * can go in one message (issue.ts `issuePredicted`). Only ever a guess: the statement checks every
 * part of it, and a wrong guess costs one round trip and is forgotten.
 */
import type { CounterRef } from './counter';

/** The most recent `limit` entries by key; a Map keeps insertion order, so the oldest goes first. */
export class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

export const counterId = (ref: CounterRef) => `${ref.tenantId}\u0000${ref.ruleId}\u0000${ref.factoryCode}\u0000${ref.lineCode}\u0000${ref.period}`;
const factoryId = (tenantId: string, id: string) => `${tenantId}\u0000${id}`;

export class CounterMemory {
  /** Each counter's value after the last batch this process committed on it. */
  private readonly counters = new Recent<bigint>(2000);
  /** Factories' codes by id, as the last look-up found them. */
  private readonly factories = new Recent<string>(2000);

  counter(ref: CounterRef): bigint | undefined {
    return this.counters.get(counterId(ref));
  }
  sawCounter(ref: CounterRef, value: bigint): void {
    this.counters.set(counterId(ref), value);
  }
  forgetCounter(ref: CounterRef): void {
    this.counters.delete(counterId(ref));
  }
  factoryCode(tenantId: string, id: string): string | undefined {
    return this.factories.get(factoryId(tenantId, id));
  }
  sawFactory(tenantId: string, id: string, code: string): void {
    this.factories.set(factoryId(tenantId, id), code);
  }
  forgetFactory(tenantId: string, id: string): void {
    this.factories.delete(factoryId(tenantId, id));
  }
}
