// Contract: every catalogue function through the core (the same executor every host drives)
// against the in-process sandbox. Each table is checked against the sandbox's raw answer and,
// where the spec defines a relation, against the figures themselves.

import { EDITIONS, type Edition } from "../../shared/base/editions";
import { CATALOGUE, functionNamed } from "../../shared/catalogue/catalogue";
import { CARD_FIELDS } from "../../shared/catalogue/company-fields";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { indexSeries } from "../../src/sandbox/data/index-prices";
import { startSandbox } from "../../src/sandbox/server";

// The examples' windows end on 2025-06-27 (BROKER_SUMMARY, FOREIGN_FLOW): no later than today.
const TODAY = "2025-06-30";
const sandboxes = {} as Record<Edition, Awaited<ReturnType<typeof startSandbox>>>;
beforeAll(async () => {
  for (const edition of EDITIONS) sandboxes[edition] = await startSandbox({ port: 0, today: TODAY, edition });
});
afterAll(() => Promise.all(EDITIONS.map((e) => sandboxes[e].close())));

const settings = (edition: Edition = "spec") => ({ baseUrl: sandboxes[edition].url, apiKey: sandboxes[edition].apiKey, edition });

/** A call through the core against an edition's sandbox: the table, and every answer it read. */
async function call(name: string, args: unknown[], edition: Edition = "spec") {
  const bodies: unknown[] = [];
  const recording = async (url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    const text = await response.text();
    bodies.push(JSON.parse(text));
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const { cells } = await callAsync(functionNamed(name), args as never, settings(edition), fetchHost(recording as never));
  return { cells, bodies };
}
const table = async (name: string, args: unknown[], edition: Edition = "spec") => (await call(name, args, edition)).cells;

/** Every scalar in a JSON value, numbers also as their decimal-string readings. */
function scalars(value: unknown, out = new Set<unknown>()): Set<unknown> {
  if (Array.isArray(value)) for (const v of value) scalars(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      out.add(Number(k));
      scalars(v, out);
    }
  } else if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value)) {
    out.add(value);
    out.add(Number(value));
  } else out.add(value);
  return out;
}

/** COMPANY's fields of an IDX company that it computes rather than reads as sent. */
const COMPUTED = new Set(
  CARD_FIELDS.filter((f) => {
    const source = f.from.idx;
    return source && ("quotient" in source || "market" in source || "quarter" in source || ("value" in source && source.period === "TTM"));
  }).map((f) => f.name),
);

const offered = CATALOGUE.flatMap((f) => EDITIONS.filter((e) => f.editions[e]).map((e) => [f.name, e, f] as const));

describe.each(offered)("%s in the %s edition (its documented example)", (name, edition, fn) => {
  test("gives a rectangular table whose every value is in the sandbox's answers", async () => {
    const { cells, bodies } = await call(name, fn.example, edition);
    // VALUE is one value in one cell; every other function a table with its header.
    expect(cells.length).toBeGreaterThan(name === "VALUE" ? 0 : 1);
    expect(new Set(cells.map((r) => r.length)).size).toBe(1);
    const known = scalars(bodies);
    const transposed = name === "QUARTERLY" || cells[0][0] === "field";
    // A `rank` column is the row's place in the service's list, numbered by the layout; SEARCH's
    // `market` names the list a row came from.
    const made = [cells[0].indexOf("rank"), name === "SEARCH" ? cells[0].indexOf("market") : -1];
    // COMPANY's fields that it computes as VALUE does (a TTM sum, a ratio, a quotient) are checked
    // against VALUE itself (test/excel/company.test.ts), not against single values of the answers.
    const shown = name === "COMPANY" ? cells.filter(([field]) => !COMPUTED.has(String(field))) : cells;
    const body = shown.slice(1).flatMap((r) => r.filter((_, i) => !made.includes(i)).slice(transposed ? 1 : 0));
    for (const value of body) {
      if (value === null || typeof value === "boolean") continue;
      const joined = typeof value === "string" && value.includes(", ");
      if (!joined) {
        // An IDX symbol may be shown without the ".JK" the service writes (SEARCH's, as the functions take it).
        const isKnown =
          known.has(value) || known.has(Number(value)) || known.has(`${value}.JK`) || (typeof value === "string" && value.startsWith("["));
        expect({ value, known: isKnown }).toEqual({ value, known: true });
      }
    }
  });
});

describe("values", () => {
  test("INDEX prices are the sandbox's series for each trading day", async () => {
    const cells = await table("INDEX", ["lq45", "2025-03-03", "2025-03-14"]);
    const series = indexSeries(`lq45|${TODAY}`).filter((p) => p.date >= "2025-03-03" && p.date <= "2025-03-14");
    expect(cells.slice(1)).toEqual(series.map((p) => ["LQ45", p.date, p.price]));
    expect(series).toHaveLength(10);
  });

  test("QUARTERLY for a bank: the statement adds up, oldest quarter on the left", async () => {
    const cells = await table("QUARTERLY", ["BBRI", 4]);
    const row = (field: string) => cells.find((r) => r[0] === field)!.slice(1) as number[];
    expect(row("date")).toEqual(["2024-06-30", "2024-09-30", "2024-12-31", "2025-03-31"]);
    const nii = row("financials_sector_metrics.net_interest_income");
    const ii = row("financials_sector_metrics.interest_income");
    const ie = row("financials_sector_metrics.interest_expense");
    for (const [i, v] of nii.entries()) expect(v).toBeCloseTo(ii[i] - ie[i], -3);
    const net = row("financials_sector_metrics.net_loan");
    const gross = row("financials_sector_metrics.gross_loan");
    const allowance = row("financials_sector_metrics.allowance_for_loans");
    for (const [i, v] of net.entries()) expect(v).toBeCloseTo(gross[i] - allowance[i], -3);
    // A bank's capital_expenditure is blank in every quarter: left out, and blank with all=true.
    expect(cells.map((r) => r[0])).not.toContain("capital_expenditure");
    const every = await table("QUARTERLY", ["BBRI", 4, "", "", "all=true"]);
    expect(every.find((r) => r[0] === "capital_expenditure")?.slice(1)).toEqual([null, null, null, null]);
  });

  test("QUARTERLY for a non-bank carries capital expenditure and no bank metrics", async () => {
    const cells = await table("QUARTERLY", ["TLKM", 2, "", "", "orient=rows"]);
    expect(cells[0]).toContain("capital_expenditure");
    expect(cells[0].some((c) => String(c).startsWith("financials_sector_metrics."))).toBe(false);
    expect(cells.slice(1).every((r) => typeof r[cells[0].indexOf("capital_expenditure")] === "number")).toBe(true);
  });

  test("COMPANIES sorted by market cap descending really are", async () => {
    const cells = await table("COMPANIES", ["banks", "market_cap", true]);
    const caps = cells.slice(1).map((r) => r[2] as number);
    expect(caps.length).toBeGreaterThanOrEqual(4);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    expect(cells.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(["BBCA.JK", "BBRI.JK", "BMRI.JK", "BBNI.JK"]));
  });

  test("FILINGS n=5 for BBCA: five, newest first, all BBCA, price a number", async () => {
    const cells = await table("FILINGS", ["BBCA", "", "", "n=5; fields=timestamp,tickers,price,transaction_type"]);
    expect(cells).toHaveLength(6);
    const stamps = cells.slice(1).map((r) => r[0] as string);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    for (const r of cells.slice(1)) {
      expect(r[1]).toContain("BBCA.JK");
      expect(typeof r[2]).toBe("number");
      expect(["buy", "sell"]).toContain(r[3]);
    }
  });

  test("KLSE_TOP pe: five per ranking by default, ranked by value", async () => {
    const cells = await table("KLSE_TOP", ["pe,market_cap"]);
    const pe = cells.filter((r) => r[0] === "pe");
    const cap = cells.filter((r) => r[0] === "market_cap");
    expect(pe.map((r) => r[1])).toEqual([1, 2, 3, 4, 5]);
    expect(cap).toHaveLength(5);
    const caps = cap.map((r) => r[4] as number);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
  });

  test("SALES_DESTINATION: long rows, years ascending, percentages of a year sum to about 100", async () => {
    const cells = await table("SALES_DESTINATION", ["ITMG"]);
    const years = cells.slice(1).map((r) => r[0] as number);
    expect([...years].sort()).toEqual(years);
    const last = years[years.length - 1];
    const share = cells
      .slice(1)
      .filter((r) => r[0] === last)
      .map((r) => r[5] as number | null);
    const total = share.reduce<number>((a, b) => a + (b ?? 0), 0);
    expect(total).toBeGreaterThan(90);
    expect(total).toBeLessThan(110);
  });

  test("MINING_COMPANY then MINING_PERFORMANCE for the same id", async () => {
    const detail = await table("MINING_COMPANY", [1]);
    const name = detail.find((r) => r[0] === "name")![1];
    expect(typeof name).toBe("string");
    const perf = await table("MINING_PERFORMANCE", [1, "2023,2024"]);
    expect(new Set(perf.slice(1).map((r) => r[0]))).toEqual(new Set([2023, 2024]));
  });

  test("SGX financial-services holds DBS, OCBC and UOB", async () => {
    const cells = await table("SGX_COMPANIES", ["Financial Services"]);
    expect(cells.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(["D05", "O39", "U11"]));
  });

  test("MINING_LICENSES expiring_soon are all within 365 days of today", async () => {
    const cells = await table("MINING_LICENSES", ["", "", true, 30]);
    const at = cells[0].indexOf("permit_expiry_date");
    const limit = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 365 * 86400000).toISOString().slice(0, 10);
    expect(cells.length).toBeGreaterThan(1);
    for (const r of cells.slice(1)) {
      expect((r[at] as string) >= TODAY).toBe(true);
      expect((r[at] as string) <= limit).toBe(true);
    }
  });
});

describe("live edition values", () => {
  test("NEWS page_size=45: two pages of the envelope (30 + 15), 45 different articles, newest first", async () => {
    const { cells, bodies } = await call("NEWS", ["", "", "", "page_size=45; fields=timestamp,title"], "live");
    expect(bodies).toHaveLength(2);
    const rows = cells.slice(1).map((r) => `${r[0]}|${r[1]}`);
    expect(rows).toHaveLength(45);
    expect(new Set(rows).size).toBe(45);
    const stamps = cells.slice(1).map((r) => String(r[0]));
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  test("FILINGS for two tickers: one request each, merged newest first, cut to n", async () => {
    const { cells, bodies } = await call("FILINGS", ["BBCA,BBRI", "", "", "n=8; fields=timestamp,symbol"], "live");
    expect(bodies).toHaveLength(2);
    expect(cells).toHaveLength(9);
    const stamps = cells.slice(1).map((r) => String(r[0]));
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(new Set(cells.slice(1).map((r) => r[1]))).toEqual(new Set(["BBCA.JK", "BBRI.JK"]));
  });

  test("INDEX media100 is the live service's kompas100", async () => {
    const media = await table("INDEX", ["media100", "2025-03-03", "2025-03-14"], "live");
    expect(media).toEqual(await table("INDEX", ["kompas100", "2025-03-03", "2025-03-14"], "live"));
    expect(media[1][0]).toBe("KOMPAS100");
    expect(media).toHaveLength(11);
  });

  test("MINING_FINANCIALS with years blank: every year the service lists, newest first", async () => {
    const { cells, bodies } = await call("MINING_FINANCIALS", ["ITMG"], "live");
    const listed = (bodies[1] as { available_years: number[] }).available_years;
    expect(bodies).toHaveLength(1 + listed.length);
    const years = cells.slice(1).map((r) => r[cells[0].indexOf("year")]);
    expect(years).toEqual([...listed].sort((a, b) => b - a));
  });

  test("MINING_COMPANY by ticker and by slug give the same profile; the slug is the list's", async () => {
    const byTicker = await table("MINING_COMPANY", ["ADRO"], "live");
    const slug = byTicker.find((r) => r[0] === "slug")?.[1];
    expect(slug).toMatch(/^[a-z0-9-]+$/);
    expect(await table("MINING_COMPANY", [String(slug)], "live")).toEqual(byTicker);
  });

  test("SCREENER offset and limit: the window of the sorted list", async () => {
    const all = await table("SCREENER", ["", "symbol", "", "limit=1000"], "live");
    const window = await table("SCREENER", ["", "symbol", "", "limit=5; offset=10"], "live");
    expect(window.slice(1)).toEqual(all.slice(11, 16));
  });
});
