// Stale-if-error in the built add-in: a refresh that fails for the service's trouble (5xx, no
// connection) answers with the last good answer, listed for the task pane with its age and the
// reason; stale=error and a 404 show the failure. "Recalculate MDQ cells" makes every answer due
// without dropping it.
import { cellError, loadBundle } from "./load-bundle";

const BASE = "https://api.example.com";

/** A stand-in fetch whose answer the test switches: ok (a new answer each time), a status, or no connection. */
function switchable() {
  const state = { mode: "ok", served: 0, fetches: 0 };
  const fetch = (_url: string) => {
    state.fetches++;
    if (state.mode === "offline") return Promise.reject(new TypeError("fetch failed"));
    const ok = state.mode === "ok";
    const body = ok ? JSON.stringify([{ answer: ++state.served }]) : JSON.stringify({ error: `switched to ${state.mode}` });
    return Promise.resolve(new Response(body, { status: ok ? 200 : Number(state.mode), headers: { "Content-Type": "application/json" } }));
  };
  return { state, fetch };
}

function setup() {
  const { state, fetch } = switchable();
  const bundle = loadBundle(BASE, { apiKey: "excel-stale-key-77ab", globals: { fetch }, deadlineMs: 5000 });
  return { state, bundle, rt: bundle.addin.runtime() };
}

test("a refresh that meets a 500 answers with the last good answer, listed with its reason", async () => {
  const { state, bundle, rt } = setup();
  const first = await bundle.call("GET", "switch/data", null, [["refresh=1"]]);
  state.mode = "500";
  const before = state.fetches;
  expect(await bundle.call("GET", "switch/data", null, [["refresh=2"]])).toEqual(first);
  expect(state.fetches - before).toBe(3); // tried with its retries first
  const [stale] = rt.staleCalls();
  expect(stale).toMatchObject({ call: "GET(path=switch/data)", reason: expect.stringMatching(/server|500/i) });
  expect(typeof stale.since).toBe("number");
  // A fresh answer takes it off the list.
  state.mode = "ok";
  expect(await bundle.call("GET", "switch/data", null, [["refresh=3"]])).not.toEqual(first);
  expect(rt.staleCalls()).toEqual([]);
});

test("stale=error and a 404 show the failure", async () => {
  const { state, bundle, rt } = setup();
  await bundle.call("GET", "switch/data", null, [["refresh=1"]]);
  state.mode = "500";
  expect((await cellError(bundle.call("GET", "switch/data", null, [["refresh=2; stale=error"]]))).message).toMatch(/server|500/i);
  state.mode = "404";
  expect((await cellError(bundle.call("GET", "switch/data", null, [["refresh=3"]]))).message).toMatch(/not found/i);
  expect(rt.staleCalls()).toEqual([]);
});

test("Recalculate MDQ cells fetches every answer again, and serves the old one when the service cannot be reached", async () => {
  const { state, bundle, rt } = setup();
  const first = await bundle.call("GET", "switch/data");
  expect(await bundle.call("GET", "switch/data")).toEqual(first);
  expect(state.fetches).toBe(1);
  rt.refreshAll();
  state.mode = "offline";
  expect(await bundle.call("GET", "switch/data")).toEqual(first);
  expect(state.fetches).toBeGreaterThan(1);
  expect(rt.staleCalls()[0].reason).toMatch(/could not reach api\.example\.com/);
});
