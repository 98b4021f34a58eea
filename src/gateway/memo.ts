// A memo of a pure function of a string, bounded by the characters it holds: past the bound the
// oldest entries go, one at a time, so a working set that fits stays whole (clearing it all at
// once made every request of a team asking for more URLs than the bound work each one out again).
import { SizedMap } from "./sized-map";

/** What an entry costs besides its key and value's characters: the Map's slot and the objects. */
const ENTRY_OVERHEAD_CHARS = 64;

export class BoundedMemo<V> {
  private readonly items: SizedMap<V>;

  constructor(private readonly maxChars: number) {
    this.items = new SizedMap(maxChars);
  }

  get(key: string): V | undefined {
    return this.items.get(key);
  }

  /** Keeps `value` for `key`; `valueChars` is what the value holds in characters. */
  set(key: string, value: V, valueChars: number): void {
    const chars = key.length + valueChars + ENTRY_OVERHEAD_CHARS;
    if (chars <= this.maxChars) this.items.set(key, value, chars);
  }

  get size(): number {
    return this.items.count;
  }
}
