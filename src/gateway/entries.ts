// This instance's own answers, as objects ready to send (the body's bytes made once): the cache of
// the embedded mode, and the first place an instance looks in the shared mode, before Redis.
// Bounded in bytes: past the bound the oldest entries go first.

export interface Entry {
  status: number;
  body: string;
  /** When it came from upstream (the gateway's clock, ms). */
  at: number;
  /** Seconds it is fresh. */
  ttl: number;
}

export interface HeldEntry extends Entry {
  bytes: Buffer;
  /** Until when it is kept at all (fresh, then stale). */
  until: number;
}

export const ENTRY_BYTES = 256 * 1_048_576;

export class EntryCache {
  private readonly items = new Map<string, HeldEntry>();
  private total = 0;

  constructor(
    private readonly now: () => number,
    private readonly maxBytes = ENTRY_BYTES,
  ) {}

  get(key: string): HeldEntry | undefined {
    const held = this.items.get(key);
    if (held && held.until <= this.now()) {
      this.remove(key, held);
      return undefined;
    }
    return held;
  }

  put(key: string, entry: Entry, keepMs: number): HeldEntry {
    const old = this.items.get(key);
    if (old) this.remove(key, old);
    const held: HeldEntry = { ...entry, bytes: Buffer.from(entry.body, "utf8"), until: this.now() + keepMs };
    this.items.set(key, held);
    this.total += held.bytes.byteLength;
    // A Map iterates in insertion order: the first entries are the oldest.
    for (const [k, h] of this.items) {
      if (this.total <= this.maxBytes) break;
      this.remove(k, h);
    }
    return held;
  }

  private remove(key: string, held: HeldEntry): void {
    this.items.delete(key);
    this.total -= held.bytes.byteLength;
  }
}
