// What the answer store (answer-store.ts) holds, kept in memory so that writing a batch needs no
// read: its records (one per flush, by sequence number, oldest first), the size of each entry's
// text, and which record holds the newest entry of each key. It decides, without touching
// IndexedDB, what a write supersedes, which records are left with nothing live (deleted), which
// are mostly dead (rewritten with their live entries) and which go to keep the store within its
// bound; the store carries those decisions out in the same transaction.
//   - Every character a record holds counts toward the bound, live or superseded: what is on disk
//     is what is bounded, so the store never outgrows it, whatever is rewritten across sessions.
//   - An entry is live while no later record holds its key (and, at load, while not expired).

/** One record of the store as the ledger knows it: no text, only sizes. */
export interface Batch {
  readonly seq: number;
  keys: string[];
  sizes: number[];
  /** Characters of text the record holds, live or not. */
  chars: number;
  /** Characters of its entries that are still the newest of their key. */
  live: number;
  /** How many entries those are (an entry's text may be empty). */
  alive: number;
}

interface Newest {
  batch: Batch;
  index: number;
}

export class StoreLedger {
  /** Oldest first: a Map iterates in insertion order and sequence numbers only grow. */
  private readonly batches = new Map<number, Batch>();
  private readonly newest = new Map<string, Newest>();
  private total = 0;

  constructor(private readonly maxChars: number) {}

  /** The records known, oldest first. */
  records(): IterableIterator<Batch> {
    return this.batches.values();
  }

  /** The highest sequence number known (0 when none). */
  lastSeq(): number {
    let last = 0;
    for (const seq of this.batches.keys()) last = seq;
    return last;
  }

  /** A record written or read back; none of its entries is live until owned. */
  add(seq: number, keys: string[], sizes: number[]): Batch {
    let chars = 0;
    for (const size of sizes) chars += size;
    const batch: Batch = { seq, keys, sizes, chars, live: 0, alive: 0 };
    this.batches.set(seq, batch);
    this.total += chars;
    return batch;
  }

  /** Entry `index` of `batch` becomes the newest of its key. Returns the sequence number of an older
   *  record this leaves with nothing live (forgotten here: the caller deletes it). */
  own(batch: Batch, index: number): number | undefined {
    const key = batch.keys[index];
    const emptied = this.release(key, batch);
    this.newest.set(key, { batch, index });
    batch.live += batch.sizes[index];
    batch.alive++;
    return emptied;
  }

  /** The key's entry no longer live (a newer one expired: the key has none). Returns the sequence
   *  number of a record this leaves with nothing live, as own() does. */
  forget(key: string): number | undefined {
    return this.release(key, undefined);
  }

  /** The record holding the key's newest entry dropped (a newer entry could not be written, and the
   *  older must not be read back as the newest): its sequence number, for deletion. */
  dropHolder(key: string): number | undefined {
    const held = this.newest.get(key);
    return held && this.drop(held.batch);
  }

  /** Whether entry `index` of `batch` is the newest of its key. */
  isNewest(batch: Batch, index: number): boolean {
    const held = this.newest.get(batch.keys[index]);
    return held !== undefined && held.batch === batch && held.index === index;
  }

  /** Whether most of what the record holds is dead: worth rewriting with its live entries only. */
  mostlyDead(batch: Batch): boolean {
    return batch.live * 2 < batch.chars;
  }

  /** The record rewritten with only its live entries: returns their indexes in the old record. */
  compact(batch: Batch): number[] {
    const kept: number[] = [];
    for (let i = 0; i < batch.keys.length; i++) if (this.isNewest(batch, i)) kept.push(i);
    const keys = kept.map((i) => batch.keys[i]);
    const sizes = kept.map((i) => batch.sizes[i]);
    this.total -= batch.chars - batch.live;
    batch.keys = keys;
    batch.sizes = sizes;
    batch.chars = batch.live;
    for (let index = 0; index < keys.length; index++) this.newest.set(keys[index], { batch, index });
    return kept;
  }

  /** Records with nothing live: forgotten here, their sequence numbers returned for deletion. */
  empties(): number[] {
    const seqs: number[] = [];
    for (const batch of this.batches.values()) if (batch.alive === 0) seqs.push(this.drop(batch));
    return seqs;
  }

  /** The oldest records dropped until the store is within its bound: their sequence numbers. */
  trim(): number[] {
    const seqs: number[] = [];
    for (const batch of this.batches.values()) {
      if (this.total <= this.maxChars) break;
      seqs.push(this.drop(batch));
    }
    return seqs;
  }

  clear(): void {
    this.batches.clear();
    this.newest.clear();
    this.total = 0;
  }

  /** The key's entry no longer live; its record dropped if nothing in it is, unless it is `writing`
   *  (a record being added, whose own later entries are yet to be owned). */
  private release(key: string, writing: Batch | undefined): number | undefined {
    const held = this.newest.get(key);
    if (!held) return undefined;
    this.newest.delete(key);
    held.batch.live -= held.batch.sizes[held.index];
    held.batch.alive--;
    return held.batch.alive > 0 || held.batch === writing ? undefined : this.drop(held.batch);
  }

  private drop(batch: Batch): number {
    for (let i = 0; i < batch.keys.length; i++) if (this.isNewest(batch, i)) this.newest.delete(batch.keys[i]);
    this.batches.delete(batch.seq);
    this.total -= batch.chars;
    return batch.seq;
  }
}
