// functions.js registers every function before its engine has loaded: a call made then waits in
// its queue and is answered by the engine once it runs (in the order made, each once); a call
// Excel cancelled meanwhile is never sent; an engine that cannot load answers every call with a
// cell error that says so. The built scripts (npm run build first) in a Node context whose page
// runs engine.js only when the test lets it (load-bundle.ts).
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { invocation } from "../../src/excel/stand-ins";
import { cellError, loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

let sandbox: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
});
afterAll(() => sandbox.close());

test("every function is registered before the engine has run, with Excel's parameter count", () => {
  const excel = loadBundle(sandbox.url, { engine: "held" });
  expect([...excel.registered.keys()].sort()).toEqual(CATALOGUE.map((f) => f.name).sort());
  // Arguments, options, then the invocation: what Excel passes and the tests pad up to.
  for (const fn of CATALOGUE) expect(excel.registered.get(fn.name)?.length).toBe(fn.args.length + 2);
  expect(() => excel.addin).toThrow(/engine has not run/);
  excel.releaseEngine();
});

test("a call made before the engine has loaded gets its answer once the engine runs", async () => {
  const early = loadBundle(sandbox.url, { engine: "held" });
  const answer = early.call("INDEX", "lq45", "2025-06-02", "2025-06-06");
  await new Promise((resolve) => setImmediate(resolve));
  expect(early.fetches()).toBe(0);
  early.releaseEngine();
  const cells = await answer;
  expect(early.fetches()).toBe(1);
  // The same answer as from a page whose engine was there before the call.
  expect(cells).toEqual(await loadBundle(sandbox.url).call("INDEX", "lq45", "2025-06-02", "2025-06-06"));
  expect(cells[0][0]).toBe("index_code");
});

test("two queued calls are served in the order made, each answered once", async () => {
  const excel = loadBundle(sandbox.url, { engine: "held" });
  const before = sandbox.hits.length;
  const settled: string[] = [];
  const first = excel.call("INDEX", "idx30", "2025-06-02", "2025-06-03").then((cells) => {
    settled.push("idx30");
    return cells;
  });
  const second = excel.call("INDEX", "sti", "2025-06-02", "2025-06-03").then((cells) => {
    settled.push("sti");
    return cells;
  });
  excel.releaseEngine();
  const [a, b] = await Promise.all([first, second]);
  expect(a[0][0]).toBe("index_code");
  expect(b[0][0]).toBe("index_code");
  expect(settled.sort()).toEqual(["idx30", "sti"]);
  // Sent in the order the cells asked, once each; the engine counted two calls.
  expect(sandbox.hits.slice(before).map((h) => h.split("/")[3])).toEqual(["idx30", "sti"]);
  expect(excel.addin.runtime().stats().calls).toBe(2);
});

test("a call cancelled while queued is never sent; the next one is", async () => {
  const excel = loadBundle(sandbox.url, { engine: "held" });
  const before = sandbox.hits.length;
  const cancelled = invocation();
  const QUARTERLY = excel.registered.get("QUARTERLY")!;
  void QUARTERLY("BBRI", 2, null, null, null, cancelled);
  const kept = excel.call("INDEX", "idxq30", "2025-06-02", "2025-06-03");
  cancelled.cancel();
  excel.releaseEngine();
  expect((await kept)[0][0]).toBe("index_code");
  expect(sandbox.hits.filter((h) => h.includes("/BBRI/"))).toEqual([]);
  expect(sandbox.hits.slice(before)).toEqual([expect.stringMatching(/^\/v1\/index-daily\/idxq30\//)]);
  expect(excel.addin.runtime().stats().calls).toBe(1);
});

test("an engine that cannot be fetched (404) gives every queued and later call a cell error saying what to do", async () => {
  const excel = loadBundle(sandbox.url, { engine: "missing" });
  const queued = excel.call("INDEX", "lq45");
  excel.releaseEngine();
  for (const error of [await cellError(queued), await cellError(excel.call("QUARTERLY", "BBCA", 4))]) {
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(/^MDQ could not start: its engine \(https:\/\/addin\.example\/mdq\/engine\.js\) could not be loaded\./);
    expect(error.message).toMatch(/Reload the add-in/);
  }
  expect(excel.fetches()).toBe(0);
});

test("an engine that has not loaded within the bound fails the calls; one that arrives later serves the next", async () => {
  const timers: Array<{ run: () => void; ms: number }> = [];
  const setTimeout = (run: () => void, ms: number) => timers.push({ run, ms });
  const excel = loadBundle(sandbox.url, { engine: "held", globals: { setTimeout, clearTimeout: () => {} } });
  const queued = excel.call("INDEX", "lq45");
  expect(timers.map((t) => t.ms)).toEqual([60_000]);
  timers[0].run();
  expect((await cellError(queued)).message).toMatch(/did not load within 60 seconds\. Reload the add-in/);
  excel.releaseEngine();
  expect((await excel.call("INDEX", "lq45", "2025-06-02", "2025-06-03"))[0][0]).toBe("index_code");
});
