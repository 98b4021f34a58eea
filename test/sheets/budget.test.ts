// The time budget: Google Sheets kills a custom function at 30 s with a bare "Exceeded maximum
// execution time". MDQ must give up first, with its own message. The tests use a small budget
// (MDQ_TIME_LIMIT_SECONDS) so they run fast; the default is checked by value. Timed calls run
// on the script's virtual clock: a slow answer takes the time the server declares.
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startFaultWorker } from "../../scripts/harness/workers";

const KEY = "sheets-budget-key-5d21";
const SLOW_MS = 600;
let faults: Running;

beforeAll(async () => {
  faults = await startFaultWorker({ slowMs: SLOW_MS });
});
afterAll(() => faults.close());

test("the default budget is well under the 30 s limit, and a larger setting is capped", () => {
  const { ctx } = loadScript();
  const { DEFAULT_BUDGET_MS, SHEETS_LIMIT_MS, budgetMs } = ctx.MdqSheets.limits;
  expect(SHEETS_LIMIT_MS).toBe(30_000);
  expect(DEFAULT_BUDGET_MS).toBeLessThanOrEqual(SHEETS_LIMIT_MS - 5_000);
  expect(budgetMs(null)).toBe(DEFAULT_BUDGET_MS);
  expect(budgetMs("600")).toBe(DEFAULT_BUDGET_MS);
  expect(budgetMs("1.5")).toBe(1500);
  expect(budgetMs("soon")).toBe(DEFAULT_BUDGET_MS);
  expect(budgetMs("-3")).toBe(DEFAULT_BUDGET_MS);
});

test("a slow failing server: MDQ gives up within the budget, says why, and does not start a doomed retry", () => {
  // Timeline with the jitter pinned low (waits 0.25 s, then 0.5 s) and tries of ~0.7 s:
  // try 1 ends ~0.7 s, try 2 ~1.6 s; after the 0.5 s wait ~0.3 s of the 2.4 s are left, less than
  // a try takes, so try 3 is not sent (sent, it would end near 2.8 s, past the budget).
  const budget = 2.4;
  const { errorOf, rec, evaluate, clock } = loadScript({
    baseUrl: `${faults.url}/slow-500`,
    apiKey: KEY,
    timeLimitSeconds: budget,
    virtualTime: true,
  });
  evaluate("Math.random = () => 0");
  const started = clock!.now();
  const error = errorOf("MDQ_INDEX", "lq45");
  const elapsed = clock!.now() - started;
  // Margin: child-process start-up of the stand-in on a loaded CI machine.
  expect(elapsed).toBeLessThan(budget * 1000 + 1000);
  // Two on a normal machine; one if start-up is very slow. Never the third.
  expect(rec.requests.length).toBeGreaterThanOrEqual(1);
  expect(rec.requests.length).toBeLessThanOrEqual(2);
  expect(error).toMatch(
    /^MDQ: (127\.0\.0\.1:\d+ is too slow to try again within MDQ's 2\.4 s limit: \d tr(y|ies) took [\d.]+ s \(last: HTTP 500\)\. Try again later\.|the service failed \(500\))/,
  );
  expect(error).toMatch(/Google Sheets stops a custom function after 30 s|Try again in a few minutes/);
});

test("a server that never answers: the timeout message names the Sheets limit and MDQ's budget", () => {
  // UrlFetchApp's own timeout (about 60 s in Apps Script) is played here by a 400 ms cap.
  const { errorOf, rec, clock } = loadScript({
    baseUrl: `${faults.url}/hang`,
    apiKey: KEY,
    timeLimitSeconds: 0.9,
    fetchCapMs: 400,
    virtualTime: true,
  });
  const started = clock!.now();
  const error = errorOf("MDQ_INDEX", "lq45");
  expect(clock!.now() - started).toBeLessThan(900 + 1500);
  expect(error).toMatch(
    /^MDQ: (no answer from 127\.0\.0\.1:\d+ within 0\.9 s\.|127\.0\.0\.1:\d+ is too slow to try again within MDQ's 0\.9 s limit: 1 try took [\d.]+ s \(last: no answer\)\.)/,
  );
  expect(error).toMatch(/Google Sheets stops a custom function after 30 s, so MDQ gives up after 0\.9 s\.$/);
  expect(rec.requests.length).toBeLessThanOrEqual(2);
});

test("a slow but good answer inside the budget is used", () => {
  const { ctx, rec } = loadScript({ baseUrl: `${faults.url}/slow-ok`, apiKey: KEY, timeLimitSeconds: 5 });
  expect(ctx.MDQ_GET("x")).toEqual([["a"], [1]]);
  expect(rec.requests).toHaveLength(1);
});
