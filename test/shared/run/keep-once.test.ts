// An answer that calls shared (one fetch in flight, one memo) is written to the cache by the first
// of them only, under each key it is kept by.
import { firstToKeep } from "../../../shared/run/cache-entry";

test("the first call to keep a shared answer under a key keeps it; the others do not", () => {
  const memo = new Map<unknown, unknown>([["json", { any: 1 }]]);
  expect(firstToKeep(memo, "a")).toBe(true);
  expect(firstToKeep(memo, "a")).toBe(false);
  expect(firstToKeep(memo, "a")).toBe(false);
});

test("the same answer under another key is kept there too (one URL, two uses: the edition question and LIST)", () => {
  const memo = new Map<unknown, unknown>();
  expect(firstToKeep(memo, "edition of https://example.test")).toBe(true);
  expect(firstToKeep(memo, "mdq:k:https://example.test/v1/subsectors/")).toBe(true);
  expect(firstToKeep(memo, "mdq:k:https://example.test/v1/subsectors/")).toBe(false);
});

test("an answer's parsed and decoded forms are not mistaken for its keeping", () => {
  const memo = new Map<unknown, unknown>([
    ["json", []],
    ["kept", true],
  ]);
  expect(firstToKeep(memo, "json")).toBe(true);
});
