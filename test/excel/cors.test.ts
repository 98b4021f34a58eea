// A service that does not accept calls from the add-in's origin: in a browser (Excel's shared
// runtime is one), fetch rejects with a bare TypeError and no status, the preflight refused. The
// cell and Test connection say so, and point to the team gateway.
import { cellError, loadBundle } from "./load-bundle";

const BASE = "https://api.example.com";
// What Chromium's and Edge's fetch give the page for a refused cross-origin call: nothing more.
const refusedLikeCors = () => Promise.reject(new TypeError("Failed to fetch"));

test("a cell names CORS and the gateway", async () => {
  const mdq = loadBundle(BASE, { globals: { fetch: refusedLikeCors } });
  const error = await cellError(mdq.call("QUARTERLY", "BBCA", 4));
  expect(error.code).toBe("#N/A");
  expect(error.message).toContain("could not reach api.example.com");
  expect(error.message).toContain("CORS");
  expect(error.message).toContain("gateway");
});

test("Test connection says the same", async () => {
  const mdq = loadBundle(BASE, { globals: { fetch: refusedLikeCors } });
  const report = await mdq.addin.runtime().testConnection();
  expect(report.ok).toBe(false);
  expect(report.message).toContain("CORS");
  expect(report.message).toContain("set it in the MDQ settings task pane, under Your team's gateway");
});

test("a failure that names its cause (Node's fetch: a refused connection) stays a plain network failure", async () => {
  const refused = () => Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }));
  const mdq = loadBundle(BASE, { globals: { fetch: refused } });
  const error = await cellError(mdq.call("QUARTERLY", "BBCA", 4));
  expect(error.message).toContain("could not reach api.example.com (connection refused)");
  expect(error.message).not.toContain("CORS");
});
