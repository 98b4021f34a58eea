// A Map bounded by the sizes its entries are said to have: past the bound the first entries in the
// Map's order go, one at a time. That order is insertion (a memo: oldest first) or, for a caller
// that touches what it uses, use (a cache: least recently used first).

export class SizedMap<V> {
  private readonly items = new Map<string, { value: V; size: number }>();
  private total = 0;

  constructor(private readonly maxSize: number) {}

  get(key: string): V | undefined {
    return this.items.get(key)?.value;
  }

  /** Moves `key` to the end of the order of eviction. */
  touch(key: string): void {
    const item = this.items.get(key);
    if (!item) return;
    this.items.delete(key);
    this.items.set(key, item);
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    this.items.set(key, { value, size });
    this.total += size;
    for (const [k, item] of this.items) {
      if (this.total <= this.maxSize) break;
      this.items.delete(k);
      this.total -= item.size;
    }
  }

  delete(key: string): void {
    const item = this.items.get(key);
    if (!item) return;
    this.items.delete(key);
    this.total -= item.size;
  }

  /** The sizes of the entries held, added up. */
  get size(): number {
    return this.total;
  }

  get count(): number {
    return this.items.size;
  }
}
