// A big workbook through the built bundle (dist/excel/functions.js): 10,000 formulas over 2,000
// distinct requests, each asked under five display options, all at once as Excel recalculates.
// The cache is bounded by bytes, not entries: the first recalculation sends each distinct request
// once, the second none. Requests are counted at the bundle's own fetch.
import { scaledFormulas } from "../../scripts/bench/workbook";
import { findFunction } from "../../shared/catalogue/catalogue";
import { loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

let sandbox: TestServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox("2025-06-18");
});
afterAll(() => sandbox.close());

test("10,000 formulas over 2,000 distinct requests: 2,000 requests on the first recalculation, 0 on the second", async () => {
  const workbook = scaledFormulas(10_000, (name) => findFunction(name)!.args.length);
  expect(workbook).toHaveLength(10_000);
  expect(new Set(workbook.map(([name, args]) => `${name} ${JSON.stringify(args.slice(0, -1))}`)).size).toBe(2000);
  const bundle = loadBundle(sandbox.url);
  const recalculate = async () => {
    const before = bundle.fetches();
    const results = await Promise.allSettled(workbook.map(([name, args]) => bundle.call(name, ...args)));
    const failed = results.flatMap((r, i) => (r.status === "rejected" ? [`${workbook[i][0]}: ${JSON.stringify(r.reason)}`] : []));
    return { requests: bundle.fetches() - before, failed: failed.slice(0, 3) };
  };
  expect(await recalculate()).toEqual({ requests: 2000, failed: [] });
  expect(await recalculate()).toEqual({ requests: 0, failed: [] });
  expect(bundle.addin.runtime().stats().cached).toBe(2000);
}, 180_000);
