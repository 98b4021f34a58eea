// This instance's own answers, each held once as the bytes sent (never also as a string): the
// cache of the embedded mode, and the first place an instance looks in the shared mode, before
// Redis. Bounded by the bytes it really holds (body, key and the entry's own overhead), evicting
// the least recently used first.

import { SizedMap } from "./sized-map";

export interface Entry {
  status: number;
  /** Bytes from upstream are kept as they are (upstream.ts gives them memory of their own); text
   *  read from the shared state is written once into bytes. */
  body: string | Buffer;
  /** When it came from upstream (the gateway's clock, ms). */
  at: number;
  /** Seconds it is fresh. */
  ttl: number;
}

export interface HeldEntry {
  status: number;
  at: number;
  ttl: number;
  bytes: Buffer;
  /** Until when it is kept at all (fresh, then stale). */
  until: number;
  /** What it counts for against the bound. */
  size: number;
}

export const ENTRY_BYTES = 256 * 1_048_576;

/** What an entry costs beyond its body and key: the object, the Buffer's header, the Map's slot
 *  (measured with node --expose-gc, heap and array buffers over 100,000 entries of 3.4 KB: 323
 *  bytes each; rounded up). */
export const ENTRY_OVERHEAD = 400;

/** The body's bytes in a buffer of their own: Buffer.from would slice Node's shared 8 KB pool,
 *  and one live slice keeps its whole slab (690 bytes more per 3.4 KB answer, measured). */
function ownBytes(body: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(body, "utf8"));
  bytes.write(body, "utf8");
  return bytes;
}

export class EntryCache {
  private readonly items: SizedMap<HeldEntry>;

  constructor(
    private readonly now: () => number,
    maxBytes = ENTRY_BYTES,
  ) {
    this.items = new SizedMap(maxBytes);
  }

  /** The bytes accounted for: bodies, keys (two bytes a character) and overhead. */
  get bytes(): number {
    return this.items.size;
  }

  get size(): number {
    return this.items.count;
  }

  get(key: string): HeldEntry | undefined {
    const held = this.items.get(key);
    if (!held) return undefined;
    if (held.until <= this.now()) {
      this.items.delete(key);
      return undefined;
    }
    // Used: to the end of the order of eviction.
    this.items.touch(key);
    return held;
  }

  /** The entry, as `get`, without counting it as used (for sharing it, not serving it). */
  peek(key: string): HeldEntry | undefined {
    const held = this.items.get(key);
    return held && held.until > this.now() ? held : undefined;
  }

  put(key: string, entry: Entry, keepMs: number): HeldEntry {
    const bytes = typeof entry.body === "string" ? ownBytes(entry.body) : entry.body;
    const held: HeldEntry = {
      status: entry.status,
      at: entry.at,
      ttl: entry.ttl,
      bytes,
      until: this.now() + keepMs,
      size: bytes.byteLength + key.length * 2 + ENTRY_OVERHEAD,
    };
    this.items.set(key, held, held.size);
    return held;
  }
}
