// The handler's memos (URL → canonical request and cache key, token → hash): bounded by the
// characters they hold, the oldest going first, a working set that fits kept whole.
import { BoundedMemo } from "../../src/gateway/memo";

/** Characters one entry costs: its key, a 10-character value and the memo's overhead per entry. */
const entryChars = (key: string) => key.length + 10 + 64;

test("past its bound the oldest entries go first, one at a time; the rest stay", () => {
  const per = entryChars("url-0000");
  const memo = new BoundedMemo<number>(per * 100);
  for (let i = 0; i < 100; i++) memo.set(`url-${String(i).padStart(4, "0")}`, i, 10);
  expect(memo.size).toBe(100);
  memo.set("url-0100", 100, 10);
  expect(memo.size).toBe(100);
  expect(memo.get("url-0000")).toBeUndefined();
  expect(memo.get("url-0001")).toBe(1);
  expect(memo.get("url-0100")).toBe(100);
});

test("a working set that fits is answered whole however many times it is walked", () => {
  const memo = new BoundedMemo<number>(entryChars("url-0000") * 1000);
  let misses = 0;
  for (let pass = 0; pass < 3; pass++)
    for (let i = 0; i < 1000; i++) {
      const key = `url-${String(i).padStart(4, "0")}`;
      if (memo.get(key) === undefined) {
        misses++;
        memo.set(key, i, 10);
      }
    }
  expect(misses).toBe(1000);
});

test("an entry larger than the whole bound is not kept; a key set again counts once", () => {
  const memo = new BoundedMemo<string>(200);
  memo.set("huge", "x".repeat(500), 500);
  expect(memo.get("huge")).toBeUndefined();
  memo.set("a", "1", 1);
  memo.set("a", "2", 1);
  memo.set("b", "3", 1);
  expect([memo.get("a"), memo.get("b"), memo.size]).toEqual(["2", "3", 2]);
});
