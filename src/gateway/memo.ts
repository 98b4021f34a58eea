// A memo of a pure function of a string, bounded by the characters it holds: past the bound the
// oldest entries go, one at a time, so a working set that fits stays whole (clearing it all at
// once made every request of a team asking for more URLs than the bound work each one out again).

/** What an entry costs besides its key and value's characters: the Map's slot and the objects. */
const ENTRY_OVERHEAD_CHARS = 64;

export class BoundedMemo<V> {
  private readonly items = new Map<string, { value: V; chars: number }>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): V | undefined {
    return this.items.get(key)?.value;
  }

  /** Keeps `value` for `key`; `valueChars` is what the value holds in characters. */
  set(key: string, value: V, valueChars: number): void {
    const chars = key.length + valueChars + ENTRY_OVERHEAD_CHARS;
    if (chars > this.maxChars) return;
    const old = this.items.get(key);
    if (old) {
      this.items.delete(key);
      this.chars -= old.chars;
    }
    this.items.set(key, { value, chars });
    this.chars += chars;
    // A Map iterates in insertion order: the first entry is the oldest.
    for (const [k, entry] of this.items) {
      if (this.chars <= this.maxChars) break;
      this.items.delete(k);
      this.chars -= entry.chars;
    }
  }

  get size(): number {
    return this.items.size;
  }
}
