// Hostile input and answers through the built Apps Script bundle (npm run build first): the URL
// within UrlFetchApp's 2 KB, checked before anything is sent, and one back-off for the calls of
// one execution under a 429 storm (Sheets runs a sheet's cells as separate executions, so that
// is as far as a pause can be shared there).
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startFaultWorker } from "../../scripts/harness/workers";

// The script blocks this thread while it fetches, so the fault server answers from a worker.
let faults: Running;
beforeAll(async () => (faults = await startFaultWorker()));
afterAll(() => faults.close());

test("300 tickers would make a URL past UrlFetchApp's 2 KB: refused naming 'tickers', nothing sent", () => {
  const script = loadScript({ baseUrl: "https://api.example.com", apiKey: "k" });
  const range = Array.from({ length: 300 }, (_, i) => [`${String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26))}AA`]);
  const error = script.errorOf("MDQ_NEWS", range);
  expect(error).toMatch(/^MDQ: 'tickers' makes the request [\d,]+ characters long, more than Google Sheets sends \(2,048\)/);
  expect(script.rec.requests).toHaveLength(0);
});

test("a 429 asking for an hour, over 20 calls of one execution: one request, then each call says so without sending", () => {
  const script = loadScript({ baseUrl: `${faults.url}/429-long`, apiKey: "k", timeLimitSeconds: 4, virtualTime: true });
  const errors = Array.from({ length: 20 }, (_, i) => script.errorOf("MDQ_INDEX", "lq45", "", `2025-06-${String(i + 1).padStart(2, "0")}`));
  for (const e of errors) expect(e).toMatch(/rate limit was reached/);
  expect(errors.slice(1).every((e) => /no request was sent/.test(e ?? ""))).toBe(true);
  expect(script.rec.requests).toHaveLength(1);
});

test("a text cell past Sheets' 50,000 characters is cut with a visible marker; the rest of the table shows", () => {
  const script = loadScript({ baseUrl: `${faults.url}/long-text/30000`, apiKey: "k" });
  const cells = script.ctx.MDQ_GET("x");
  expect(cells[0]).toEqual(["id", "note"]);
  const cut: string = cells[1][1];
  expect(cut.length).toBeLessThanOrEqual(50_000);
  expect(cut.endsWith("… [cut by MDQ at 50,000 characters]")).toBe(true);
  const kept = cut.slice(0, -"… [cut by MDQ at 50,000 characters]".length);
  expect(kept.length).toBeGreaterThan(49_900);
  // Whole emoji only: never half of a surrogate pair before the marker.
  expect(kept).toBe("😀".repeat(kept.length / 2));
  // An id is a code: text (shared/rows/column-types.ts).
  expect(cells[2]).toEqual(["2", "short"]);
  expect(script.rec.requests).toHaveLength(1);
});
