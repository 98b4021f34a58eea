// Warm reopen, in real Chromium: the built task pane page (the shared runtime: functions.js and the
// pane) keeps its answers in its own IndexedDB, so a new page on the same profile (the workbook
// reopened) recalculates the bench's tracker workbook (300 formulas over 60 requests) without a
// request while its answers are fresh; after Clear cache it fetches all 60 again. The stored records
// never hold the API key; a store of another version reads as empty; without IndexedDB the runtime
// keeps answers in memory and the pane says so.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { formulas } from "../../scripts/bench/workbook";
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/harness/chromium";
import { findFunction } from "../../shared/catalogue/catalogue";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { DIST_EXCEL, openTaskPane, serveDirectory } from "./browser";

/** A key no answer could hold by chance. */
const KEY = "mdq-key-5b1e9c2f7a";
const WORKBOOK = formulas((name) => findFunction(name)!.args.length);

let sandbox: Sandbox;
let site: { url: string; close(): Promise<void> };
let profile: string;
let context: BrowserContext;
/** GETs that reached the sandbox from the pages (the browser's preflights are not the add-in's). */
let requests = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiKey: KEY, today: "2025-06-18" });
  site = await serveDirectory(DIST_EXCEL);
  profile = mkdtempSync(join(tmpdir(), "mdq-profile-"));
  // One profile for every page: its IndexedDB is what a reopened workbook finds.
  context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  context.on("request", (r) => {
    if (r.method() === "GET" && r.url().startsWith(sandbox.url)) requests++;
  });
});

afterAll(async () => {
  await context?.close();
  await site?.close();
  await sandbox?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const statusText = (page: Page) => page.textContent("#status").then((t) => t ?? "");

/** The runtime page opened, as Excel does when the workbook opens, set to the sandbox and key
 *  (the office.js stand-in keeps its storage in the page only). */
async function reopen(): Promise<Page> {
  const page = await openTaskPane(context, site.url);
  await page.fill("#baseUrl", sandbox.url);
  await page.selectOption("#edition", "spec"); // the sandbox's edition (auto would ask it: edition-auto tests)
  await page.fill("#apiKey", KEY);
  await page.click("#save");
  await page.waitForFunction(() => /Saved/.test(document.getElementById("status")?.textContent ?? ""));
  return page;
}

/** Every formula at once, as Excel recalculates: the GETs it sent and the formulas that failed. */
async function recalculate(page: Page): Promise<{ requests: number; failed: string[] }> {
  const before = requests;
  const failed = await page.evaluate(async (workbook) => {
    const functions = (window as any).__mdq.functions;
    const outcomes = await Promise.allSettled(
      workbook.map(([name, args]) => {
        const fn = functions[name];
        return fn(...args, ...new Array(Math.max(0, fn.length - 1 - args.length)).fill(null), {});
      }),
    );
    return outcomes.flatMap((o, i) => (o.status === "rejected" ? [`${workbook[i][0]}: ${(o.reason as Error).message}`] : []));
  }, WORKBOOK);
  return { requests: requests - before, failed };
}

/** The records in the page's store (read with IndexedDB itself, not the add-in's code): one per
 *  batch written, each holding its entries' keys, texts and expiries side by side. */
const storedRecords = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ keys: string[] }>>((resolve, reject) => {
        const open = indexedDB.open("mdq-answers");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("answers").objectStore("answers").getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result);
          };
        };
      }),
  );

/** The distinct keys of the entries the store holds. */
const storedKeys = (records: Array<{ keys: string[] }>) => new Set(records.flatMap((r) => r.keys)).size;

/** The write-through is batched: wait (bounded) until the store holds `count` answers; they came in
 *  few records (a batch each), not one per answer. */
async function stored(page: Page, count: number): Promise<unknown[]> {
  for (let i = 0; i < 100; i++) {
    const records = await storedRecords(page);
    if (storedKeys(records) === count) {
      expect(records.length).toBeLessThan(count);
      return records;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`the store never held ${count} answers (${storedKeys(await storedRecords(page))})`);
}

test("a reopened runtime recalculates the 300-formula workbook with 0 requests; after Clear cache, 60; the key is never stored", async () => {
  const first = await reopen();
  expect(await recalculate(first)).toEqual({ requests: 60, failed: [] });
  const records = await stored(first, 60);
  expect(JSON.stringify(records)).not.toContain(KEY);
  await first.close();

  const second = await reopen();
  expect(await recalculate(second)).toEqual({ requests: 0, failed: [] });
  await second.click("#clear");
  await second.waitForFunction(() => /Cache cleared/.test(document.getElementById("status")?.textContent ?? ""));
  expect(await storedRecords(second)).toEqual([]);
  expect(await recalculate(second)).toEqual({ requests: 60, failed: [] });
  await stored(second, 60);
  await second.close();
}, 120_000);

test("a store of another version reads as empty: the reopened runtime fetches everything again", async () => {
  const page = await reopen();
  await recalculate(page);
  await stored(page, 60);
  // As a later add-in would leave it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("mdq-answers");
        open.onsuccess = () => {
          const tx = open.result.transaction("meta", "readwrite");
          tx.objectStore("meta").put(99, "schema");
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.close();
  const reopened = await reopen();
  expect(await recalculate(reopened)).toEqual({ requests: 60, failed: [] });
  await reopened.close();
}, 120_000);

test("without IndexedDB the formulas work from memory and the pane says so", async () => {
  const withoutStore = async () => {
    const page = await context.newPage();
    await page.addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined }));
    return page;
  };
  const pane = await openTaskPane({ newPage: withoutStore }, site.url);
  await pane.waitForFunction(() => /memory only/.test(document.getElementById("status")?.textContent ?? ""));
  expect(await statusText(pane)).toMatch(/IndexedDB\) is not available/);
  await pane.fill("#baseUrl", sandbox.url);
  await pane.selectOption("#edition", "spec");
  await pane.fill("#apiKey", KEY);
  await pane.click("#save");
  await pane.waitForFunction(() => /Saved/.test(document.getElementById("status")?.textContent ?? ""));
  expect(await recalculate(pane)).toEqual({ requests: 60, failed: [] });
  expect(await recalculate(pane)).toEqual({ requests: 0, failed: [] });
  // Clear cache has no store to clear: it empties the memory and says so, without failing.
  await pane.click("#clear");
  await pane.waitForFunction(() => /Cache cleared/.test(document.getElementById("status")?.textContent ?? ""));
  expect(await recalculate(pane)).toEqual({ requests: 60, failed: [] });
  await pane.close();
}, 120_000);
