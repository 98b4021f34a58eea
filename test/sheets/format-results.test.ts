// MDQ > Format results through the built Apps Script bundle (npm run build first): a custom
// function cannot format the cells it spills into, so the menu gives each MDQ result on the active
// sheet the core's number formats (an index's closes with 2 decimals, a P/E with 2, a change as a
// percentage, a year without a separator), from the answers the formulas cached, the values
// untouched; a formula whose arguments Sheets computes is left and named.
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";

const KEY = "sheets-format-key-5eed";
let live: Running;
beforeAll(async () => {
  live = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30", edition: "live" });
});
afterAll(() => live.close());

/** A live-edition script with formulas on Sheet1, each formula's result spilled as Sheets would. */
function sheetWith(formulas: Record<string, [string, string, unknown[]]>) {
  const script = loadScript({ baseUrl: live.url, apiKey: KEY, edition: "live" });
  const results: Record<string, unknown[][]> = {};
  for (const [at, [text, name, args]] of Object.entries(formulas)) {
    script.rec.formulas.set(`Sheet1!${at}`, text);
    results[at] = (script.ctx[`MDQ_${name}`] as (...a: unknown[]) => unknown[][])(...args);
    script.rec.cells.set(`Sheet1!${at}`, results[at][0][0]);
  }
  return { ...script, results };
}

const formatsOn = (rec: ReturnType<typeof loadScript>["rec"]) =>
  Object.fromEntries([...rec.formats].filter(([k]) => k.startsWith("Sheet1!")).map(([k, v]) => [k.slice(7), v]));

test("the menu has Format results", () => {
  const script = loadScript();
  script.ctx.onOpen();
  expect(script.rec.menus[0].items).toContainEqual(["Format results", "mdqFormatResults"]);
});

test("each result's typed columns get their format, from the cached answers, one range per column", () => {
  const script = sheetWith({
    A1: ['=MDQ_INDEX("lq45", "2025-06-02", "2025-06-06")', "INDEX", ["lq45", "2025-06-02", "2025-06-06"]],
    E1: ['=MDQ_TOP_CHANGES("top_gainers", "7d")', "TOP_CHANGES", ["top_gainers", "7d"]],
    A20: ['=MDQ_SGX_TOP("market_cap,pe")', "SGX_TOP", ["market_cap,pe"]],
    A40: ['=MDQ_TOTAL_PRODUCTION("Coal", "headers=false")', "TOTAL_PRODUCTION", ["Coal", "headers=false"]],
  });
  const fetched = script.rec.requests.length;
  const values = new Map(script.rec.cells);
  script.ctx.mdqFormatResults();
  // Every answer came from the cache the formulas filled.
  expect(script.rec.requests.length).toBe(fetched);
  const formats = formatsOn(script.rec);
  const last = (at: string) => script.results[at].length;
  // INDEX: closes in C2 down, 2 decimals (points, not a share's tick); the header and codes untouched.
  expect(formats[`C2:C${last("A1")}`]).toBe("#,##0.00");
  // TOP_CHANGES: price_change (J) as a percentage, the IDX price (K) on the rupiah.
  expect(script.results.E1[0].slice(5, 7)).toEqual(["price_change", "last_close_price"]);
  expect(formats[`J2:J${last("E1")}`]).toBe("0.00%");
  expect(formats[`K2:K${last("E1")}`]).toBe("#,##0");
  // SGX_TOP: the value column (E) by each row's classification: market caps none, P/E 2 decimals.
  const sgx = script.results.A20;
  const pe = sgx.flatMap((row, i) => (row[0] === "pe" ? [20 + i] : []));
  expect(pe.length).toBeGreaterThan(0);
  expect(formats[`E${pe[0]}:E${pe.at(-1)}`]).toBe("#,##0.00");
  expect(Object.keys(formats).filter((k) => k.startsWith("E2") && Number(k.slice(1, 3)) < pe[0])).toEqual([]);
  // Without headers a year is still a year; a number of percent keeps 2 decimals.
  expect(script.results.A40[0][0]).toEqual(expect.any(Number));
  expect(formats[`A40:A${39 + last("A40")}`]).toBe("0");
  // (yoy_change_percent: its first year has none, so its run may end before the last row.)
  expect(Object.entries(formats).find(([k]) => k.startsWith("E40:"))?.[1]).toBe("#,##0.00");
  expect(Object.keys(formats).some((k) => /^[A-Z]+1:/.test(k))).toBe(false);
  expect(new Map(script.rec.cells)).toEqual(values);
  expect(script.rec.alerts.at(-1)).toMatch(/Formatted \d+ cells of 4 MDQ results on this sheet \(values unchanged\)/);
});

test("a formula whose arguments Sheets computes is left as it is, and named", () => {
  const script = sheetWith({ A1: ['=MDQ_INDEX("lq45", TODAY()-7, TODAY())', "INDEX", ["lq45", "2025-06-23", "2025-06-30"]] });
  script.ctx.mdqFormatResults();
  expect(formatsOn(script.rec)).toEqual({});
  expect(script.rec.alerts.at(-1)).toMatch(
    /Formatted 0 cells of 0 MDQ results[\s\S]*Left as they are \(their arguments are computed by Sheets[^)]*\): A1\./,
  );
});
