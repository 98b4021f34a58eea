// The runtime's answers kept across sessions: IndexedDB in the shared runtime's own page, so a
// reopened workbook recalculates from what the last session fetched instead of paying its credits
// again. It holds exactly what the memory cache holds (the core's entry text, with its fetch time
// and freshness inside, by the core's cache key, which never holds the API key), so the core's
// rules decide what is fresh and what may be served stale, as for any other entry.
//   - Written through asynchronously, one record per batch: the entries kept within WRITE_DELAY_MS
//     go in one record (their keys, texts and expiries side by side) under the next sequence
//     number, one put and one structured clone for the whole batch rather than one per answer.
//   - The newest entry of a key wins: the one in the record of the highest sequence number.
//   - Versioned: a record carries STORE_SCHEMA, and so does the store's meta record; a store of any
//     other version (older, or newer than this add-in) reads as empty and is cleared.
//   - Bounded: at most STORE_CHARS characters of text, counting every entry a record holds, live
//     or superseded (store-ledger.ts); the oldest records go first. A record left with no live
//     entry is deleted when that happens; at load, expired entries are dropped and a record more
//     than half dead is rewritten with its live entries only.
// Without IndexedDB (or when it refuses to open) the runtime keeps answers in memory only and the
// task pane says so once (runtime.ts).

import { BYTES_PER_CHAR, CACHE_BYTES } from "./cache";
import { StoreLedger } from "./store-ledger";

export interface StoredAnswer {
  key: string;
  text: string;
  /** When the entry may be dropped (ms since the epoch): its lifetime and the stale window. */
  expires: number;
}

export interface AnswerStore {
  /** Every entry kept and not yet expired, least recently written first. */
  load(): Promise<StoredAnswer[]>;
  /** Keep an entry (written with the next batch). */
  put(answer: StoredAnswer): void;
  /** Drop every entry, written or waiting. */
  clear(): Promise<void>;
}

/** The format of the records; any other reads as an empty store. (1: a record per answer.) */
export const STORE_SCHEMA = 2;
/** The text the memory cache can hold (cache.ts: its bytes at its estimate per character): a
 *  store past it would be read at each start only for the cache to drop the rest again. */
export const STORE_CHARS = CACHE_BYTES / BYTES_PER_CHAR;
export const STORE_NAME = "mdq-answers";
const ANSWERS = "answers";
const META = "meta";
const WRITE_DELAY_MS = 200;

/** One batch of entries, index by index. `key` is its sequence number: the object store's key path
 *  has been "key" since the database's first version, kept so that add-ins of either format open
 *  the same database and each reads the other's records as a store of another version. */
interface BatchRecord {
  key: number;
  schema: number;
  keys: string[];
  texts: string[];
  expires: number[];
}

/** The entries kept since the last write, in the order first kept; a key kept again replaces its
 *  text in place (one entry per key in a record). Arrays, not an object per entry: every answer of
 *  a first recalculation passes here. */
interface Pending {
  at: Map<string, number>;
  keys: string[];
  texts: string[];
  expires: number[];
}
const nothingPending = (): Pending => ({ at: new Map(), keys: [], texts: [], expires: [] });

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB failed"));
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB failed"));
    tx.onabort = () => reject(tx.error ?? new Error("the IndexedDB transaction was aborted"));
  });

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(STORE_NAME, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(ANSWERS, { keyPath: "key" });
    request.result.createObjectStore(META);
  };
  return done(request);
}

const isSound = (r: Partial<BatchRecord>): r is BatchRecord =>
  r.schema === STORE_SCHEMA &&
  Number.isSafeInteger(r.key) &&
  Array.isArray(r.keys) &&
  Array.isArray(r.texts) &&
  Array.isArray(r.expires) &&
  r.texts.length === r.keys.length &&
  r.expires.length === r.keys.length &&
  r.keys.every((k) => typeof k === "string") &&
  r.texts.every((t) => typeof t === "string") &&
  r.expires.every((e) => Number.isFinite(e));

/** The newest entries that fit the bound, oldest first: an entry larger than the whole bound is not
 *  kept, and past the bound the oldest of the batch go (as they would at the next write). */
function fitting(batch: Pending, maxChars: number): Pending {
  let chars = 0;
  let first = batch.keys.length;
  let oversize = false;
  for (let i = batch.keys.length - 1; i >= 0; i--) {
    const size = batch.texts[i].length;
    if (size > maxChars) oversize = true;
    else if (chars + size > maxChars) break;
    else chars += size;
    first = i;
  }
  if (first === 0 && !oversize) return batch;
  const kept = nothingPending();
  for (let i = first; i < batch.keys.length; i++) {
    if (batch.texts[i].length > maxChars) continue;
    kept.at.set(batch.keys[i], kept.keys.length);
    kept.keys.push(batch.keys[i]);
    kept.texts.push(batch.texts[i]);
    kept.expires.push(batch.expires[i]);
  }
  return kept;
}

/** The store in this page's IndexedDB; its load fails (saying why) where there is none. */
export function indexedDbStore(factory: IDBFactory | undefined, now: () => number, maxChars = STORE_CHARS): AnswerStore {
  const db = factory ? open(factory) : Promise.reject(new Error("this runtime has no IndexedDB"));
  db.catch(() => undefined); // said by load(), once
  const ledger = new StoreLedger(maxChars);
  let pending = nothingPending();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loading: Promise<StoredAnswer[]> | undefined;
  // What the next write waits for: the ledger read from the store (by the load, or again after a
  // write that failed).
  let ledgerRead: Promise<unknown> | undefined;
  // Counts the clears: work begun before one must not write or restore what it emptied.
  let clears = 0;

  /** The records of the last sessions read back into the ledger, the live entries returned. */
  async function read(): Promise<StoredAnswer[]> {
    const generation = clears;
    const tx = (await db).transaction([ANSWERS, META], "readwrite");
    const schema = await done(tx.objectStore(META).get("schema"));
    const answers = tx.objectStore(ANSWERS);
    if (schema !== STORE_SCHEMA) {
      answers.clear();
      tx.objectStore(META).put(STORE_SCHEMA, "schema");
      await committed(tx);
      return [];
    }
    const records = new Map<number, BatchRecord>();
    for (const r of (await done(answers.getAll())) as Array<Partial<BatchRecord>>) {
      if (isSound(r)) records.set(r.key, r);
      else if (r.key !== undefined) answers.delete(r.key);
    }
    const at = now();
    for (const seq of [...records.keys()].sort((a, b) => a - b)) {
      const r = records.get(seq)!;
      const batch = ledger.add(
        seq,
        r.keys,
        r.texts.map((t) => t.length),
      );
      for (let i = 0; i < r.keys.length; i++) {
        // An expired entry still supersedes the key's older ones: the key has none left.
        const emptied = r.expires[i] > at ? ledger.own(batch, i) : ledger.forget(r.keys[i]);
        if (emptied !== undefined) answers.delete(emptied);
      }
    }
    for (const seq of ledger.empties()) answers.delete(seq);
    for (const batch of ledger.records()) {
      if (!ledger.mostlyDead(batch)) continue;
      const r = records.get(batch.seq)!;
      const kept = ledger.compact(batch);
      const compacted = {
        key: batch.seq,
        schema: STORE_SCHEMA,
        keys: batch.keys,
        texts: kept.map((i) => r.texts[i]),
        expires: kept.map((i) => r.expires[i]),
      };
      records.set(batch.seq, compacted);
      answers.put(compacted);
    }
    for (const seq of ledger.trim()) answers.delete(seq);
    await committed(tx);
    if (generation !== clears) {
      ledger.clear(); // cleared meanwhile: what was read is gone
      return [];
    }
    const live: StoredAnswer[] = [];
    for (const batch of ledger.records()) {
      const r = records.get(batch.seq)!;
      for (let i = 0; i < batch.keys.length; i++) {
        if (ledger.isNewest(batch, i)) live.push({ key: r.keys[i], text: r.texts[i], expires: r.expires[i] });
      }
    }
    return live;
  }

  /** A write whose transaction failed (a full disk) left the ledger counting a record that was
   *  never written, and the older entries it superseded as gone: it is read again from the store
   *  before the next write, as a load reads it (the batch is not written: its answers stay in
   *  memory for this session). */
  function readAgain(): void {
    ledger.clear();
    const again = read();
    again.catch(() => undefined);
    ledgerRead = again;
    // A load asked only now takes this read's answers rather than reading the records twice.
    loading ??= again;
  }

  async function flush(): Promise<void> {
    timer = undefined;
    const batch = pending;
    pending = nothingPending();
    const generation = clears;
    // The ledger must know the last sessions' records before this one supersedes or drops them.
    await ledgerRead?.catch(() => undefined);
    const tx = (await db).transaction(ANSWERS, "readwrite");
    const answers = tx.objectStore(ANSWERS);
    // The next sequence number, read in this transaction: another runtime's page on the same
    // profile (another workbook) may have written since, and writes to one store are serialised.
    const last = answers.openKeyCursor(null, "prev");
    last.onsuccess = () => {
      // Cleared since these were kept: whether its transaction came before this one or follows
      // it, they are not to be written (nor counted).
      if (generation !== clears) return;
      const top = last.result?.key;
      const seq = (typeof top === "number" ? Math.max(top, ledger.lastSeq()) : ledger.lastSeq()) + 1;
      const written = fitting(batch, maxChars);
      const gone: number[] = [];
      const note = (emptied: number | undefined) => emptied !== undefined && gone.push(emptied);
      // A key kept and not written (too large): its older entry is not to be read back as the newest.
      if (written !== batch) for (const key of batch.keys) if (!written.at.has(key)) note(ledger.dropHolder(key));
      if (written.keys.length > 0) {
        const record: BatchRecord = { key: seq, schema: STORE_SCHEMA, keys: written.keys, texts: written.texts, expires: written.expires };
        const entries = ledger.add(
          seq,
          written.keys,
          written.texts.map((t) => t.length),
        );
        for (let i = 0; i < written.keys.length; i++) note(ledger.own(entries, i));
        answers.put(record);
      }
      for (const old of [...gone, ...ledger.trim()]) answers.delete(old);
    };
    await committed(tx);
  }

  return {
    load() {
      loading ??= read();
      ledgerRead ??= loading;
      return loading;
    },
    put({ key, text, expires }) {
      const at = pending.at.get(key);
      if (at === undefined) {
        pending.at.set(key, pending.keys.length);
        pending.keys.push(key);
        pending.texts.push(text);
        pending.expires.push(expires);
      } else {
        pending.texts[at] = text;
        pending.expires[at] = expires;
      }
      timer ??= setTimeout(() => flush().catch(readAgain), WRITE_DELAY_MS);
    },
    async clear() {
      clears++;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = nothingPending();
      ledger.clear();
      // Without a store there is nothing kept to clear (load() said why).
      const opened = await db.catch(() => undefined);
      if (!opened) return;
      const tx = opened.transaction(ANSWERS, "readwrite");
      tx.objectStore(ANSWERS).clear();
      await committed(tx);
    },
  };
}
