// The store of answers kept across sessions (src/excel/answer-store.ts) over an IndexedDB in this
// process (fake-indexeddb; real Chromium in warm-reopen.test.ts), on a fake clock and fake timers:
// a batch of answers is one record and one put; the newest entry of a key wins, across records,
// sessions and another runtime's page writing to the same store; a record with nothing live left
// is deleted, one more than half dead is rewritten at load; the bound counts every character a
// record holds and drops the oldest records first, across flushes and sessions; expired entries
// are dropped at load; Clear cache empties it, including what a write or a load begun before it
// carried; a store of another version reads as empty; without IndexedDB, load says why.
import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { type AnswerStore, indexedDbStore, STORE_NAME, STORE_SCHEMA, type StoredAnswer } from "../../src/excel/answer-store";

const NOW = 1_750_000_000_000;
const DAY = 86_400_000;
let clock = NOW;
let factory: IDBFactory;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
  clock = NOW;
  factory = new IDBFactory();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** A session of the runtime: its store over this test's IndexedDB, read back as a runtime does. */
async function session(maxChars?: number): Promise<{ store: AnswerStore; loaded: StoredAnswer[] }> {
  const store = indexedDbStore(factory, () => clock, maxChars);
  return { store, loaded: await store.load() };
}

/** An entry of `size` characters whose text says which key and version it is. */
const entry = (key: string, version: number, size = 30, expires = NOW + DAY): StoredAnswer => {
  const head = `${key}@${version}:`;
  return { key, text: head + "x".repeat(size - head.length), expires };
};
const seen = (loaded: StoredAnswer[]) => loaded.map((a) => a.text.slice(0, a.text.indexOf(":")));

/** The write delay passed: the batch's transaction is begun (later ones queue behind it). */
async function written(): Promise<void> {
  jest.advanceTimersByTime(200);
  await new Promise((resolve) => setImmediate(resolve));
}

/** Every transaction begun has run to its end (the in-process IndexedDB settles on macrotasks). */
async function idle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

/** The records as IndexedDB holds them, read with IndexedDB itself. */
async function records(): Promise<Array<{ key: number; keys: string[]; texts: string[] }>> {
  const db = await request(factory.open(STORE_NAME));
  try {
    return await request(db.transaction("answers").objectStore("answers").getAll());
  } finally {
    db.close();
  }
}
const storedChars = async () => (await records()).reduce((n, r) => n + r.texts.reduce((m, t) => m + t.length, 0), 0);

test("a batch of answers is one record written with one put, read back by the next session oldest first", async () => {
  const puts = jest.spyOn(IDBObjectStore.prototype, "put");
  const { store, loaded } = await session();
  expect(loaded).toEqual([]);
  const batch = Array.from({ length: 2000 }, (_, i) => entry(`k${i}`, 1));
  for (const a of batch) store.put(a);
  await written();
  const held = await records();
  expect(held).toHaveLength(1);
  expect(held[0].keys).toHaveLength(2000);
  // The load's one put is the schema's, in the meta store; the batch's is the other.
  expect(puts.mock.calls.filter(([value]) => typeof value === "object")).toHaveLength(1);
  expect((await session()).loaded).toEqual(batch);
});

test("a key kept twice before the write is one entry, its last text", async () => {
  const { store } = await session();
  store.put(entry("a", 1));
  store.put(entry("b", 1));
  store.put(entry("a", 2));
  await written();
  expect((await records())[0].keys).toEqual(["a", "b"]);
  expect(seen((await session()).loaded)).toEqual(["a@2", "b@1"]);
});

test("the newest entry of a key wins across records and sessions; a record with nothing live left is deleted", async () => {
  const first = await session();
  first.store.put(entry("a", 1));
  first.store.put(entry("b", 1));
  await written();
  first.store.put(entry("a", 2));
  await written();
  expect((await records()).map((r) => r.keys)).toEqual([["a", "b"], ["a"]]);

  const second = await session();
  expect(seen(second.loaded)).toEqual(["b@1", "a@2"]);
  second.store.put(entry("b", 3));
  await written();
  // Record 1's last live entry (b) superseded: deleted in the same write.
  expect((await records()).map((r) => [r.key, r.keys])).toEqual([
    [2, ["a"]],
    [3, ["b"]],
  ]);
  expect(seen((await session()).loaded)).toEqual(["a@2", "b@3"]);
});

test("at load a record more than half dead is rewritten with its live entries; one half live stays as written", async () => {
  const first = await session();
  for (const key of ["a", "b", "c", "d"]) first.store.put(entry(key, 1));
  await written();
  for (const key of ["e", "f"]) first.store.put(entry(key, 1));
  await written();
  for (const key of ["a", "b", "c", "e"]) first.store.put(entry(key, 2));
  await written();
  // Superseded entries are not rewritten by a write: record 1 holds a quarter live, record 2 half.
  expect((await records()).map((r) => r.keys)).toEqual([
    ["a", "b", "c", "d"],
    ["e", "f"],
    ["a", "b", "c", "e"],
  ]);

  const second = await session();
  expect(seen(second.loaded)).toEqual(["d@1", "f@1", "a@2", "b@2", "c@2", "e@2"]);
  expect((await records()).map((r) => [r.key, r.keys])).toEqual([
    [1, ["d"]],
    [2, ["e", "f"]],
    [3, ["a", "b", "c", "e"]],
  ]);
  expect((await records())[0].texts).toEqual([entry("d", 1).text]);
  expect(seen((await session()).loaded)).toEqual(["d@1", "f@1", "a@2", "b@2", "c@2", "e@2"]);
});

test("expired entries are dropped at load, and the older entries of their keys: a record left with none live is deleted, the rest count as dead", async () => {
  const first = await session();
  first.store.put(entry("old", 1, 30, NOW + 1000));
  first.store.put(entry("gone", 1, 30, NOW + DAY));
  await written();
  first.store.put(entry("gone", 2, 30, NOW + 1000)); // newer, and expiring sooner
  await written();
  first.store.put(entry("a", 1, 30, NOW + 1000));
  first.store.put(entry("b", 1, 30, NOW + 1000));
  first.store.put(entry("c", 1, 30, NOW + DAY));
  await written();
  clock = NOW + 1000; // expires is the first moment an entry is no longer kept
  const second = await session();
  expect(seen(second.loaded)).toEqual(["c@1"]);
  expect((await records()).map((r) => [r.key, r.keys])).toEqual([[3, ["c"]]]);
});

test("bounded: every character a record holds counts, live or superseded, and the oldest records go first", async () => {
  const first = await session(100);
  first.store.put(entry("a", 1));
  first.store.put(entry("b", 1));
  await written();
  first.store.put(entry("a", 2)); // record 1's a is dead but still on disk: 90 characters held
  await written();
  expect(await storedChars()).toBe(90);
  first.store.put(entry("c", 1)); // 120: record 1 goes, and b with it
  await written();
  expect(await storedChars()).toBe(60);
  expect(seen((await session(100)).loaded)).toEqual(["a@2", "c@1"]);
});

test("a write whose transaction fails (a full disk) leaves the accounting as the store is: the next write drops nothing it need not", async () => {
  const { store } = await session(100);
  store.put(entry("a", 1));
  store.put(entry("b", 1));
  await written();
  // The disk fills for the batch holding c: its transaction aborts, nothing of it is written.
  const put = IDBObjectStore.prototype.put;
  const full = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args) {
    if ((args[0] as { texts?: string[] }).texts?.some((t) => t.startsWith("c@"))) {
      this.transaction.abort();
      throw new DOMException("the disk is full", "QuotaExceededError");
    }
    return put.apply(this, args);
  });
  store.put(entry("c", 1));
  await written();
  await idle();
  expect(await storedChars()).toBe(60);
  full.mockRestore();
  // 60 on disk and 30 more fit the bound of 100: a and b stay (a ledger that still counted c's
  // 30 would have dropped their record to make room).
  store.put(entry("d", 1));
  await written();
  await idle();
  expect(await storedChars()).toBe(90);
  expect(seen((await session(100)).loaded)).toEqual(["a@1", "b@1", "d@1"]);
});

test("bounded across several sessions: never more than the bound on disk, the newest answers kept", async () => {
  for (let s = 0; s < 6; s++) {
    const { store, loaded } = await session(100);
    // What the last session wrote, newest last, within 100 characters (three entries of 30).
    if (s > 0) expect(seen(loaded)).toEqual([`k${s - 1}.0`, `k${s - 1}.1`, `k${s - 1}.2`].map((k) => `${k}@${s - 1}`));
    for (let i = 0; i < 3; i++) {
      store.put(entry(`k${s}.${i}`, s));
      await written();
      expect(await storedChars()).toBeLessThanOrEqual(100);
    }
  }
  expect(await records()).toHaveLength(3);
});

test("a batch past the bound keeps its newest entries; no older entry of a key it drops is read back", async () => {
  const first = await session(100);
  first.store.put(entry("k0", 0, 10));
  await written();
  for (let i = 0; i < 5; i++) first.store.put(entry(`k${i}`, 1));
  await written();
  expect(await storedChars()).toBe(90);
  expect(seen((await session(100)).loaded)).toEqual(["k2@1", "k3@1", "k4@1"]);
});

test("an entry larger than the bound is not kept, nor any older entry of its key: the record holding one goes", async () => {
  const first = await session(100);
  first.store.put(entry("big", 1));
  first.store.put(entry("other", 1));
  await written();
  first.store.put(entry("small", 1));
  await written();
  first.store.put(entry("big", 2, 101));
  await written();
  expect((await records()).map((r) => r.keys)).toEqual([["small"]]);
  expect(seen((await session(100)).loaded)).toEqual(["small@1"]);
});

test("Clear cache empties what was written and what waits; a write or a load begun before it brings nothing back", async () => {
  const first = await session();
  first.store.put(entry("a", 1));
  await written();
  first.store.put(entry("b", 1));
  await first.store.clear();
  await written();
  expect(await records()).toEqual([]);

  // A write whose delay has passed, cleared before its transaction writes.
  first.store.put(entry("c", 1));
  jest.advanceTimersByTime(200);
  await first.store.clear();
  expect(await records()).toEqual([]);

  // A write whose transaction has begun (its promises settled, its IndexedDB requests not yet).
  first.store.put(entry("c", 2));
  jest.advanceTimersByTime(200);
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await first.store.clear();
  expect(await records()).toEqual([]);

  // A load under way when the cache is cleared restores nothing.
  first.store.put(entry("d", 1));
  await written();
  const reopened = indexedDbStore(factory, () => clock);
  const loading = reopened.load();
  await reopened.clear();
  expect(await loading).toEqual([]);
  expect(await records()).toEqual([]);

  // A write waiting for a load under way when the cache is cleared writes nothing.
  const third = indexedDbStore(factory, () => clock);
  const reading = third.load();
  third.put(entry("f", 1));
  jest.advanceTimersByTime(200);
  await third.clear();
  expect(await reading).toEqual([]);
  await written();
  expect(await records()).toEqual([]);

  // The store still works after.
  reopened.put(entry("e", 1));
  await written();
  expect(seen((await session()).loaded)).toEqual(["e@1"]);
});

test("another runtime's page on the same store: each write takes the next sequence number, the later write wins", async () => {
  const one = await session();
  const two = await session();
  one.store.put(entry("a", 1));
  await written();
  two.store.put(entry("a", 2));
  two.store.put(entry("b", 2));
  await written();
  one.store.put(entry("b", 3));
  await written();
  expect((await records()).map((r) => r.key)).toEqual([1, 2, 3]);
  expect(seen((await session()).loaded)).toEqual(["a@2", "b@3"]);
});

/** The database as another version of the add-in leaves it. */
async function leave(schema: number, answers: object[]): Promise<void> {
  await session(); // creates the database
  const db = await request(factory.open(STORE_NAME));
  const tx = db.transaction(["answers", "meta"], "readwrite");
  tx.objectStore("meta").put(schema, "schema");
  for (const a of answers) tx.objectStore("answers").put(a);
  await new Promise((resolve) => {
    tx.oncomplete = resolve;
  });
  db.close();
}

test("a store of another version reads as empty and is cleared: the last format, or a newer one", async () => {
  await leave(1, [{ ...entry("a", 1), schema: 1, at: NOW }]);
  expect((await session()).loaded).toEqual([]);
  expect(await records()).toEqual([]);

  await leave(STORE_SCHEMA + 1, [{ key: 1, schema: STORE_SCHEMA + 1, keys: ["a"], texts: ["x"], expires: [NOW + DAY] }]);
  expect((await session()).loaded).toEqual([]);
  expect(await records()).toEqual([]);
});

test("a record this version cannot read is deleted and the others served", async () => {
  const first = await session();
  first.store.put(entry("a", 1));
  await written();
  await leave(STORE_SCHEMA, [{ key: 7, schema: STORE_SCHEMA, keys: ["b", "c"], texts: ["only one"], expires: [NOW + DAY] }]);
  expect(seen((await session()).loaded)).toEqual(["a@1"]);
  expect((await records()).map((r) => r.key)).toEqual([1]);
});

test("without IndexedDB load says why; keeping and clearing do nothing and do not fail", async () => {
  const store = indexedDbStore(undefined, () => clock);
  await expect(store.load()).rejects.toThrow(/no IndexedDB/);
  store.put(entry("a", 1));
  await written();
  await expect(store.clear()).resolves.toBeUndefined();
});
