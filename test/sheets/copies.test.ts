// The answers' copies in the spreadsheet's Document Properties (src/sheets/copies.ts), against
// the strict stand-in installed as the script's globals: compressed, in parts within Google's 9 KB,
// one read and one write per execution, never spliced from two writes, another generation's never
// read, and a full store swept so that the copies that stay longest are kept.
import { randomBytes } from "node:crypto";
import { appsScript, type Recorder } from "../../scripts/harness/apps-script";
import { AnswerCopies, COPY_MAX_CHARS, copiesHeld, dropCopies, PART_CHARS, STORE_TARGET_BYTES } from "../../src/sheets/copies";

let rec: Recorder;
const installed = ["Utilities", "PropertiesService"] as const;

beforeEach(() => {
  const made = appsScript();
  rec = made.rec;
  for (const name of installed) Object.assign(globalThis, { [name]: made.globals[name] });
});
afterEach(() => {
  for (const name of installed) delete (globalThis as Record<string, unknown>)[name];
});

const store = () =>
  (globalThis as unknown as { PropertiesService: { getDocumentProperties(): never } }).PropertiesService.getDocumentProperties();
const HOUR = 3_600_000;
/** An entry like the core's: JSON that compresses as answers do. */
const entry = (n: number) =>
  `mdq-entry1 1 2 -\n${JSON.stringify(Array.from({ length: n }, (_, i) => ({ date: `2024-0${(i % 9) + 1}-30`, revenue: i * 1234567 })))}`;
/** Text gzip cannot shrink. */
const noise = (chars: number) => randomBytes(chars).toString("base64").slice(0, chars);

test("a copy is read back by another execution, whole, until its end", () => {
  const text = entry(40);
  const writer = new AnswerCopies(store(), "0");
  writer.stage("mdq:k1", text, Date.now() + HOUR);
  writer.flush();
  const [[name, value]] = [...rec.docProps];
  expect(name).toMatch(/^mdq~0~[0-9a-z]+$/);
  expect(value.length).toBeLessThan(text.length); // compressed
  const reader = new AnswerCopies(store(), "0");
  expect(reader.get("mdq:k1")?.text).toBe(text);
  expect(reader.get("mdq:other")).toBeUndefined();
  // Past its end, and under another cache generation (Clear cache), it is not read.
  writer.stage("mdq:k2", text, Date.now() - 1);
  writer.flush();
  expect(new AnswerCopies(store(), "0").get("mdq:k2")).toBeUndefined();
  expect(new AnswerCopies(store(), "1").get("mdq:k1")).toBeUndefined();
});

test("an execution reads the store once and writes it once, however many answers it keeps", () => {
  const copies = new AnswerCopies(store(), "0");
  for (let i = 0; i < 20; i++) copies.stage(`mdq:k${i}`, entry(10 + i), Date.now() + HOUR);
  copies.flush();
  expect(rec.propertyCalls.document).toBe(1);
  const reader = new AnswerCopies(store(), "0");
  for (let i = 0; i < 20; i++) expect(reader.get(`mdq:k${i}`)?.text).toBe(entry(10 + i));
  expect(reader.get("mdq:missing")).toBeUndefined();
  expect(rec.propertyCalls.document).toBe(2);
});

test("a copy larger than one value is kept in parts, each within Google's 9 KB; parts of two writes never make one", () => {
  const text = noise(PART_CHARS * 2); // base64 of it is about 2.7 parts
  const copies = new AnswerCopies(store(), "0");
  copies.stage("mdq:big", text, Date.now() + HOUR);
  copies.flush();
  expect(rec.docProps.size).toBe(3);
  expect(rec.propertyErrors).toEqual([]);
  expect(new AnswerCopies(store(), "0").get("mdq:big")?.text).toBe(text);
  // Another write of the same answer changed one part only (two executions at once).
  const other = new AnswerCopies(store(), "0");
  other.stage("mdq:big", noise(PART_CHARS * 2), Date.now() + HOUR);
  const [second] = [...rec.docProps.keys()].filter((k) => k.endsWith("~1"));
  const before = rec.docProps.get(second) as string;
  other.flush();
  const mixed = new Map(rec.docProps);
  rec.docProps.clear();
  for (const [k, v] of mixed) rec.docProps.set(k, k === second ? before : v);
  expect(new AnswerCopies(store(), "0").get("mdq:big")).toBeUndefined();
});

test("an answer whose copy would pass COPY_MAX_CHARS gets none", () => {
  const copies = new AnswerCopies(store(), "0");
  copies.stage("mdq:huge", noise(COPY_MAX_CHARS), Date.now() + HOUR);
  copies.flush();
  expect(rec.docProps.size).toBe(0);
  expect(rec.propertyCalls.document).toBe(0);
});

test("a full store is swept: what is not MDQ's stays, then the copies that stay longest, within the target", () => {
  const now = Date.now();
  rec.docProps.set("someone-else", "kept as it is");
  // 90 copies of about 7 KB each (630 KB in all): another generation's, expired ones, and ends
  // spread over 90 hours, the later written ending later.
  const N = 90;
  for (let i = 0; i < N; i++) {
    const copies = new AnswerCopies(store(), i < 5 ? "old" : "0");
    copies.stage(`mdq:k${i}`, noise(7000), i < 10 && i >= 5 ? now - 1 : now + (i + 1) * HOUR);
    copies.flush();
  }
  expect(rec.propertyErrors.length).toBeGreaterThan(0); // Google refused a write: the store was full
  const size = () => [...rec.docProps].reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
  expect(size()).toBeLessThanOrEqual(500 * 1024);
  const copies = new AnswerCopies(store(), "0");
  const kept = Array.from({ length: N }, (_, i) => i).filter((i) => copies.get(`mdq:k${i}`) !== undefined);
  expect(kept).toContain(N - 1); // the last written, ending last
  expect(kept.every((i) => i >= 10)).toBe(true);
  // Those kept are the ones ending last: no gap below the newest.
  expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => N - kept.length + i));
  expect(rec.docProps.get("someone-else")).toBe("kept as it is");
  expect(copiesHeld("0")).toEqual({ answers: kept.length, bytes: expect.any(Number) });
  // Swept down to the target, then filled again by the copies written since.
  expect(kept.length).toBeGreaterThan(STORE_TARGET_BYTES / 8000);
});

test("no document store: nothing kept, nothing found, nothing thrown", () => {
  const copies = new AnswerCopies(null, "0");
  copies.stage("mdq:k", entry(5), Date.now() + HOUR);
  copies.flush();
  expect(copies.get("mdq:k")).toBeUndefined();
});

test("Clear cache drops MDQ's copies and nothing else", () => {
  const copies = new AnswerCopies(store(), "0");
  copies.stage("mdq:k", entry(5), Date.now() + HOUR);
  copies.flush();
  rec.docProps.set("someone-else", "x");
  dropCopies();
  expect([...rec.docProps.keys()]).toEqual(["someone-else"]);
});
