/** The most recent entries, up to a limit; a Map keeps insertion order, so the oldest goes first. */
export class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit = 500) {}
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
