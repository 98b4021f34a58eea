// The engine holds no row: a family's rows (dist/excel/rows-<family>.js) are a script it loads at
// the family's first call (src/excel/lazy-rows.ts). The built scripts (npm run build first) in a
// Node context whose page runs a row script only when the test lets it (load-bundle.ts): a call
// waits for its family's script and is answered once it arrives, each call once; a script that
// cannot load, or never arrives (a stand-in clock passes the bound), fails the calls that waited
// with a message that says so, as does a script of another build; the task pane's builder gets
// every row.
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { cellError, loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

/** How long the engine lets a row script take (src/excel/lazy-rows.ts). */
const ROWS_BOUND_MS = 60_000;

let sandbox: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
});
afterAll(() => sandbox.close());

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("a call of a family not yet loaded waits for its script and is answered once it arrives, each call once", async () => {
  const excel = loadBundle(sandbox.url, { rows: "held" });
  // No row script until a function asks for one.
  expect(excel.rowScripts()).toEqual([]);
  const settled: string[] = [];
  const noted = (name: string) => (cells: unknown[][]) => {
    settled.push(name);
    return cells;
  };
  const first = excel.call("QUARTERLY", "BBCA", 4).then(noted("QUARTERLY"));
  const second = excel.call("VALUE", "BBCA", "revenue", -1).then(noted("VALUE"));
  await settle();
  // VALUE and QUARTERLY are one family: one script, asked once.
  expect(excel.rowScripts()).toEqual(["rows-value.js"]);
  expect(excel.fetches()).toBe(0);
  expect(settled).toEqual([]);
  excel.releaseRows("rows-value.js");
  const [quarterly, value] = await Promise.all([first, second]);
  expect(settled.sort()).toEqual(["QUARTERLY", "VALUE"]);
  expect(quarterly[0][0]).toBe("date");
  expect(typeof value[0][0]).toBe("number");
  // The same answers as from a page whose rows were there before the calls.
  const ready = loadBundle(sandbox.url);
  expect(await ready.call("QUARTERLY", "BBCA", 4)).toEqual(quarterly);
  expect(await ready.call("VALUE", "BBCA", "revenue", -1)).toEqual(value);
  // Another family: its own script; the first is not asked again.
  const index = excel.call("INDEX", "lq45", "2025-06-02", "2025-06-06");
  await settle();
  expect(excel.rowScripts()).toEqual(["rows-value.js", "rows-idx.js"]);
  excel.releaseRows("rows-idx.js");
  expect((await index)[0][0]).toBe("index_code");
  expect(excel.addin.runtime().stats().calls).toBe(3);
});

test("a row script that cannot be fetched (404) fails the calls waiting for it with a message; the next call asks again", async () => {
  const excel = loadBundle(sandbox.url, { rows: "missing" });
  const waiting = [excel.call("GET", "v2/mining/sites/", "limit=2"), excel.call("SEARCH", "bank central")];
  await settle();
  expect(excel.rowScripts()).toEqual(["rows-any.js"]);
  excel.releaseRows("rows-any.js");
  for (const call of waiting) {
    const error = await cellError(call);
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(/could not load its any functions: rows-any\.js could not be loaded\. Recalculate to try again/);
  }
  expect(excel.fetches()).toBe(0);
  const again = excel.call("GET", "v2/mining/sites/", "limit=2");
  await settle();
  expect(excel.rowScripts()).toEqual(["rows-any.js", "rows-any.js"]);
  excel.releaseRows("rows-any.js");
  expect((await cellError(again)).message).toMatch(/rows-any\.js could not be loaded/);
});

test("a row script that never arrives fails its calls once the bound has passed; arriving late, it serves the next", async () => {
  // The page's clock: the engine's bound for a row script is held here, every other timer runs.
  const bounds: Array<() => void> = [];
  const clock = {
    setTimeout: (run: () => void, ms: number) => (ms === ROWS_BOUND_MS ? bounds.push(run) : setTimeout(run, ms)),
    clearTimeout: (timer: unknown) => {
      if (typeof timer === "number") bounds[timer - 1] = () => {};
      else clearTimeout(timer as never);
    },
  };
  const excel = loadBundle(sandbox.url, { rows: "held", globals: clock });
  const waiting = excel.call("MINING_COMPANIES");
  await settle();
  expect(excel.rowScripts()).toEqual(["rows-mining.js"]);
  // functions.js's bound for the engine was cleared when the engine started; the row script's is set.
  const due = bounds.splice(0);
  expect(due.length).toBe(2);
  for (const run of due) run();
  const error = await cellError(waiting);
  expect(error.code).toBe("#N/A");
  expect(error.message).toMatch(/rows-mining\.js did not arrive within 60 seconds/);
  // It arrives after all: the failed call stays answered once; the next call is served at once.
  excel.releaseRows("rows-mining.js");
  const cells = await excel.call("MINING_COMPANIES");
  expect(excel.rowScripts()).toEqual(["rows-mining.js"]);
  expect(cells.length).toBeGreaterThan(1);
});

test("a row script of another build (a copy kept from before an update) is refused with a message", async () => {
  // The script as an older build wrote it: its stamp is not this engine's.
  const older = (_file: string, text: string) => text.replace(/MDQ_ROWS\.add\("[0-9a-f]+"/, 'MDQ_ROWS.add("0123456789ab"');
  const excel = loadBundle(sandbox.url, { rowScript: older });
  const error = await cellError(excel.call("SGX_COMPANIES", "financial-services"));
  expect(error.code).toBe("#N/A");
  expect(error.message).toMatch(/rows-markets\.js is of another version of MDQ than its engine/);
  expect(excel.fetches()).toBe(0);
  // Its own build's script serves the function.
  expect((await loadBundle(sandbox.url).call("SGX_COMPANIES", "financial-services")).length).toBeGreaterThan(1);
});

test("the task pane's builder gets every row, in the catalogue's order, once each family's script has arrived", async () => {
  const excel = loadBundle(sandbox.url);
  const rows = (await (excel.addin as unknown as { catalogue(): Promise<Array<{ name: string }>> }).catalogue()).map((f) => f.name);
  expect(rows).toEqual(CATALOGUE.map((f) => f.name));
  expect(excel.rowScripts().sort()).toEqual(["rows-any.js", "rows-idx.js", "rows-markets.js", "rows-mining.js", "rows-value.js"]);
});
