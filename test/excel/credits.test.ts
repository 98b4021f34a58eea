// The add-in counts credits where its requests leave (the runtime's stats, which the task pane
// shows as "Credits spent"): one fetch shared by many cells is billed once, at its path's price;
// an answer from the cache costs nothing. The built bundle against the sandbox, both editions.

import { createRuntime } from "../../src/excel/runtime";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { invocation, memoryStorage } from "../../src/excel/stand-ins";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { loadBundle } from "./load-bundle";

let spec: Sandbox;
let live: Sandbox;
beforeAll(async () => {
  spec = await startSandbox({ port: 0, apiKey: "demo", today: "2025-06-30" });
  live = await startSandbox({ port: 0, apiKey: "demo", today: "2025-06-30", edition: "live" });
});
afterAll(async () => {
  await spec.close();
  await live.close();
});

const stats = (b: ReturnType<typeof loadBundle>) => {
  const { requests, credits, fromCache } = b.addin.runtime().stats();
  return { requests, credits, fromCache };
};

test("eight cells of one 8-quarter statement: one request, 8 credits; again from the cache, none", async () => {
  const excel = loadBundle(spec.url);
  const views = [
    "",
    "headers=false",
    "orient=rows",
    "fields=revenue",
    "fields=total_assets",
    "orient=columns",
    "dates=text",
    "headers=true",
  ];
  const tables = await Promise.all(views.map((view) => excel.call("QUARTERLY", "BBCA", 8, null, null, view)));
  expect(tables.every((t) => t.length > 0)).toBe(true);
  expect(stats(excel)).toEqual({ requests: 1, credits: 8, fromCache: 0 });
  await excel.call("QUARTERLY", "BBCA", 8, null, null, "fields=revenue");
  expect(stats(excel)).toEqual({ requests: 1, credits: 8, fromCache: 1 });
  // Two rankings of the KLSE: two credits, one request.
  await excel.call("KLSE_TOP", "pe,market_cap");
  expect(stats(excel)).toMatchObject({ requests: 2, credits: 10 });
});

test("live: a report's sections, each a credit; a 404 (an unknown ticker) is 1 credit all the same", async () => {
  const excel = loadBundle(live.url, { stored: { [STORAGE_KEYS.edition]: "live" } });
  await excel.call("COMPANY_REPORT", "BBCA", "overview,valuation,dividend");
  expect(stats(excel)).toMatchObject({ requests: 1, credits: 3 });
  await expect(excel.call("QUARTERLY", "ZZZZ", 4)).rejects.toMatchObject({ message: expect.stringContaining("(404)") });
  expect(stats(excel)).toMatchObject({ requests: 2, credits: 4 });
});

test("an answer billed by its records is parsed once: the runtime bills it from the memo its cells read", async () => {
  const parse = jest.spyOn(JSON, "parse");
  try {
    const runtime = createRuntime({
      fetch: (url, init) => fetch(url, init),
      storage: memoryStorage({ [STORAGE_KEYS.baseUrl]: spec.url, [STORAGE_KEYS.apiKey]: spec.apiKey, [STORAGE_KEYS.edition]: "spec" }),
      store: null,
      requirements: () => undefined,
    });
    const views = ["", "headers=false", "orient=columns"];
    await Promise.all(views.map((view) => runtime.formula("QUARTERLY", ["BBCA", 8, null, null, view], invocation())));
    expect(runtime.stats()).toMatchObject({ requests: 1, credits: 8 });
    // The statement's body (its quarters' records) went through JSON.parse once.
    const bodies = parse.mock.calls.filter(([text]) => typeof text === "string" && text.includes('"total_assets"'));
    expect(bodies).toHaveLength(1);
  } finally {
    parse.mockRestore();
  }
});
