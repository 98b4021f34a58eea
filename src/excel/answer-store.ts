// The runtime's answers kept across sessions: IndexedDB in the shared runtime's own page, so a
// reopened workbook recalculates from what the last session fetched instead of paying its credits
// again. It holds exactly what the memory cache holds (the core's entry text, with its fetch time
// and freshness inside, by the core's cache key, which never holds the API key), so the core's
// rules decide what is fresh and what may be served stale, as for any other entry.
//   - Versioned: a record carries STORE_SCHEMA, and so does the store's meta record; a store of any
//     other version (older, or newer than this add-in) reads as empty and is cleared.
//   - Bounded: at most STORE_CHARS characters of text; the least recently written go first.
//   - Written through asynchronously: entries kept within WRITE_DELAY_MS go in one transaction.
// Without IndexedDB (or when it refuses to open) the runtime keeps answers in memory only and the
// task pane says so once (runtime.ts).

import { BYTES_PER_CHAR, CACHE_BYTES } from "./cache";

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

/** The format of the records; any other reads as an empty store. */
export const STORE_SCHEMA = 1;
/** The text the memory cache can hold (cache.ts: its bytes at its estimate per character): a
 *  store past it would be read at each start only for the cache to drop the rest again. */
export const STORE_CHARS = CACHE_BYTES / BYTES_PER_CHAR;
export const STORE_NAME = "mdq-answers";
const ANSWERS = "answers";
const META = "meta";
const WRITE_DELAY_MS = 200;

interface AnswerRecord extends StoredAnswer {
  schema: number;
  /** When it was written (ms since the epoch): the order in which the bound drops records. */
  at: number;
}

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

/** The store in this page's IndexedDB; its load fails (saying why) where there is none. */
export function indexedDbStore(factory: IDBFactory | undefined, now: () => number, maxChars = STORE_CHARS): AnswerStore {
  const db = factory ? open(factory) : Promise.reject(new Error("this runtime has no IndexedDB"));
  db.catch(() => undefined); // said by load(), once
  // What is written, oldest first (a Map keeps insertion order): the running size for the bound.
  const written = new Map<string, number>();
  let chars = 0;
  let pending = new Map<string, AnswerRecord>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const forget = (key: string) => {
    chars -= written.get(key) ?? 0;
    written.delete(key);
  };

  async function flush(): Promise<void> {
    timer = undefined;
    const batch = [...pending.values()];
    pending = new Map();
    const tx = (await db).transaction(ANSWERS, "readwrite");
    const answers = tx.objectStore(ANSWERS);
    for (const record of batch) {
      forget(record.key);
      if (record.text.length > maxChars) continue;
      answers.put(record);
      written.set(record.key, record.text.length);
      chars += record.text.length;
    }
    for (const [oldest] of written) {
      if (chars <= maxChars) break;
      answers.delete(oldest);
      forget(oldest);
    }
    await committed(tx);
  }

  return {
    async load() {
      const tx = (await db).transaction([ANSWERS, META], "readwrite");
      const schema = await done(tx.objectStore(META).get("schema"));
      const answers = tx.objectStore(ANSWERS);
      if (schema !== STORE_SCHEMA) {
        answers.clear();
        tx.objectStore(META).put(STORE_SCHEMA, "schema");
        await committed(tx);
        return [];
      }
      const records = (await done(answers.getAll())) as AnswerRecord[];
      const kept: AnswerRecord[] = [];
      for (const r of records) {
        const sound = r.schema === STORE_SCHEMA && typeof r.text === "string" && Number.isFinite(r.expires);
        if (sound && r.expires > now()) kept.push(r);
        else answers.delete(r.key);
      }
      await committed(tx);
      kept.sort((a, b) => a.at - b.at);
      for (const r of kept) {
        if (pending.has(r.key)) continue; // kept this session already: newer
        written.set(r.key, r.text.length);
        chars += r.text.length;
      }
      return kept.map(({ key, text, expires }) => ({ key, text, expires }));
    },
    put({ key, text, expires }) {
      // Written out, not spread: ES2017's lowering of a spread copies each property's descriptor,
      // and every answer of a first recalculation passes here.
      pending.set(key, { key, text, expires, schema: STORE_SCHEMA, at: now() });
      timer ??= setTimeout(() => flush().catch(() => undefined), WRITE_DELAY_MS);
    },
    async clear() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = new Map();
      written.clear();
      chars = 0;
      // Without a store there is nothing kept to clear (load() said why).
      const opened = await db.catch(() => undefined);
      if (!opened) return;
      const tx = opened.transaction(ANSWERS, "readwrite");
      tx.objectStore(ANSWERS).clear();
      await committed(tx);
    },
  };
}
