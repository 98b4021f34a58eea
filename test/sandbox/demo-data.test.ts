// The demo data as a whole, rule by rule, through the sandbox's own answers and data modules: every
// price on a trading day of its exchange, every index of its real size and made of companies the
// demo knows, nothing dated before a company listed, sales destinations that add up to the miner's
// revenue, and every key a template names answered in both editions.
import http from "node:http";
import { isoToSerial } from "../../shared/base/cells";
import { EDITIONS, type Edition } from "../../shared/base/editions";
import { functionNamed } from "../../shared/catalogue/catalogue";
import type { TemplateCell } from "../../shared/catalogue/template-cells";
import { TEMPLATES, todayOffset } from "../../shared/catalogue/templates";
import { INDEX_CODES, LIVE_INDEX_CODES } from "../../shared/catalogue/vocabularies";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { type Exchange, holidaysOf, isTradingDay, tradingDayOnOrAfter, tradingDays } from "../../src/sandbox/calendar";
import { allFilings } from "../../src/sandbox/data/filings";
import { IDX_COMPANIES, idxCompany } from "../../src/sandbox/data/idx-companies";
import { dailySeries } from "../../src/sandbox/data/idx-daily";
import { dividends } from "../../src/sandbox/data/idx-dividends";
import { quartersOf, REPORT_LAG_DAYS } from "../../src/sandbox/data/idx-financials";
import { INDEX_SIZES } from "../../src/sandbox/data/index-members";
import { indexSeries } from "../../src/sandbox/data/index-prices";
import { klseFigures } from "../../src/sandbox/data/klse-reports";
import { MINING_COMPANIES } from "../../src/sandbox/data/mining-companies";
import { miningFinancials } from "../../src/sandbox/data/mining-financials";
import { allNews } from "../../src/sandbox/data/news";
import { sgxDividends } from "../../src/sandbox/data/sgx-dividends";
import { SGX_LISTINGS, sgxSeries } from "../../src/sandbox/data/sgx-prices";
import { addDays, fromDay, toDay } from "../../src/sandbox/dates";
import { destinationsOf } from "../../src/sandbox/endpoints/sales-destination";
import { startSandbox } from "../../src/sandbox/server";
import { request } from "./helpers";

const TODAY = "2025-06-18";
const FIRST = "2019-01-02";

const sandboxes = {} as Record<Edition, Awaited<ReturnType<typeof startSandbox>>>;
// A new connection per request: between two requests the test may compute for longer than the
// server keeps an idle socket (5 s), and a reused closed socket is a reset, not an answer.
const agent = new http.Agent({ keepAlive: false });
beforeAll(async () => {
  for (const edition of EDITIONS) sandboxes[edition] = await startSandbox({ port: 0, host: "127.0.0.1", today: TODAY, edition });
});
afterAll(async () => {
  agent.destroy();
  await Promise.all(EDITIONS.map((e) => sandboxes[e].close()));
});

async function get(edition: Edition, path: string) {
  const r = await request(sandboxes[edition].url, path, { agent });
  return r;
}

const notTrading = (exchange: Exchange, dates: string[]) => dates.filter((d) => !isTradingDay(exchange, toDay(d)));

/** A window with holidays of every exchange: Eid al-Fitr (IDX shut 31 March to 7 April 2025, SGX on
 *  31 March, Bursa 31 March and 1 April) and Good Friday. */
const HOLIDAY_WINDOW = "start=2025-03-20&end=2025-04-22";

describe("calendars: every price is on a trading day of its exchange", () => {
  test("the holiday lists cover every year of the data, and each holiday falls on a weekday", () => {
    for (const exchange of ["idx", "sgx", "klse"] as const)
      for (let year = 2019; year <= +TODAY.slice(0, 4); year++) {
        const days = holidaysOf(exchange, year);
        expect({ exchange, year, some: days.length >= 8 }).toEqual({ exchange, year, some: true });
        for (const d of days)
          expect({ d, weekday: [1, 2, 3, 4, 5].includes(new Date(`${d}T00:00:00Z`).getUTCDay()) }).toEqual({ d, weekday: true });
      }
    expect(isTradingDay("idx", toDay("2025-04-03"))).toBe(false);
    expect(isTradingDay("sgx", toDay("2025-04-03"))).toBe(true);
    expect(isTradingDay("sgx", toDay("2025-03-31"))).toBe(false);
  });

  test("every index close of the whole series (STI on SGX's days, the rest on IDX's), and the endpoints of both editions", async () => {
    for (const code of new Set<string>([...INDEX_CODES, ...LIVE_INDEX_CODES])) {
      const dates = indexSeries(`${code}|${TODAY}`).map((p) => p.date);
      expect(dates.length).toBeGreaterThan(1500);
      expect({ code, off: notTrading(code === "sti" ? "sgx" : "idx", dates) }).toEqual({ code, off: [] });
    }
    for (const [edition, codes] of [
      ["spec", INDEX_CODES],
      ["live", LIVE_INDEX_CODES],
    ] as const)
      for (const code of codes) {
        const r = await get(edition, `/${edition === "spec" ? "v1" : "v2"}/index-daily/${code}/?${HOLIDAY_WINDOW}`);
        const dates = r.body.map((p: { date: string }) => p.date);
        expect({ code, edition, dates }).toEqual({
          code,
          edition,
          dates: tradingDays(code === "sti" ? "sgx" : "idx", "2025-03-20", "2025-04-22").map(fromDay),
        });
      }
  });

  test("every daily close of every IDX company, from its listing date on", async () => {
    for (const c of IDX_COMPANIES) {
      const dates = dailySeries(c, FIRST, TODAY).map((p) => p.date);
      expect({ symbol: c.symbol, off: notTrading("idx", dates) }).toEqual({ symbol: c.symbol, off: [] });
      // Nothing missing either: the first close is the first trading day the company was listed.
      expect({ symbol: c.symbol, first: dates[0] }).toEqual({
        symbol: c.symbol,
        first: fromDay(tradingDayOnOrAfter("idx", toDay(c.listed > FIRST ? c.listed : FIRST))),
      });
      const r = await get("live", `/v2/daily/${c.symbol}/?${HOLIDAY_WINDOW}`);
      expect({ symbol: c.symbol, dates: r.body.map((p: { date: string }) => p.date) }).toEqual({
        symbol: c.symbol,
        dates: tradingDays("idx", "2025-03-20", "2025-04-22").map(fromDay),
      });
    }
    // GOTO's first close is its listing day.
    const goto = await get("live", "/v2/daily/GOTO/?start=2022-03-01&end=2022-04-30");
    expect(goto.body[0].date).toBe("2022-04-11");
    // And near the offering prices: GOTO at IDR 338, BUKA at IDR 850.
    for (const [symbol, offer] of [
      ["GOTO", 338],
      ["BUKA", 850],
    ] as const) {
      const c = idxCompany(symbol)!;
      const first = dailySeries(c, c.listed, addDays(c.listed, 7))[0].close;
      expect({ symbol, near: Math.abs(first / offer - 1) < 0.25 }).toEqual({ symbol, near: true });
    }
  });

  test("every daily close of every SGX listing while it is listed, and the exchange's total", async () => {
    for (const s of SGX_LISTINGS.values()) {
      const dates = sgxSeries(s, toDay(FIRST), toDay(TODAY)).map((p) => p.date);
      // Every trading day from its listing (or the data's first day) to its delisting (or today).
      const [from, to] = [s.listed && s.listed > FIRST ? s.listed : FIRST, s.delisted ? addDays(s.delisted, -1) : TODAY];
      expect({ symbol: s.symbol, dates }).toEqual({ symbol: s.symbol, dates: tradingDays("sgx", from, to).map(fromDay) });
      expect({ symbol: s.symbol, off: notTrading("sgx", dates) }).toEqual({ symbol: s.symbol, off: [] });
      const r = await get("live", `/v2/sgx/daily/${s.symbol}/?${HOLIDAY_WINDOW}`);
      const listed = s.delisted === undefined;
      expect({ symbol: s.symbol, dates: r.body.map((p: { date: string }) => p.date) }).toEqual({
        symbol: s.symbol,
        dates: listed ? tradingDays("sgx", "2025-03-20", "2025-04-22").map(fromDay) : [],
      });
    }
    const totals = await get("live", `/v2/idx-total/?${HOLIDAY_WINDOW}`);
    expect(totals.body.map((p: { date: string }) => p.date)).toEqual(tradingDays("idx", "2025-03-20", "2025-04-22").map(fromDay));
  });

  test("every ex-dividend date (IDX and SGX) and every filing is on a trading day", async () => {
    for (const c of IDX_COMPANIES)
      expect({
        symbol: c.symbol,
        off: notTrading(
          "idx",
          dividends(c, TODAY).map((p) => p.date),
        ),
      }).toEqual({ symbol: c.symbol, off: [] });
    expect(
      notTrading(
        "idx",
        allFilings(TODAY).map((f) => f.timestamp.slice(0, 10)),
      ),
    ).toEqual([]);
    for (const s of SGX_LISTINGS.values())
      expect({
        symbol: s.symbol,
        off: notTrading(
          "sgx",
          sgxDividends(s, TODAY).map((p) => p.date),
        ),
      }).toEqual({ symbol: s.symbol, off: [] });
  });
});

test("KLSE figures are of Bursa's last trading day: Agong's birthday (2 June 2025) shows Friday's market caps", () => {
  const holiday = klseFigures("2025-06-02");
  const friday = klseFigures("2025-05-30");
  expect(holiday.size).toBeGreaterThan(5);
  for (const [symbol, f] of holiday)
    expect({ symbol, cap: f.report.overview.market_cap }).toEqual({ symbol, cap: friday.get(symbol)!.report.overview.market_cap });
});

describe("indices: their real sizes, of companies the demo knows", () => {
  test.each(EDITIONS)("the %s edition's member lists", async (edition) => {
    const codes = edition === "spec" ? INDEX_CODES : LIVE_INDEX_CODES;
    const sgx = new Set(SGX_LISTINGS.keys());
    // The live edition lists each company's indices in the screener; the spec edition a list per index.
    const members = new Map<string, string[]>();
    if (edition === "spec") {
      for (const code of codes)
        members.set(
          code,
          (await get("spec", `/v1/index/${code}/`)).body.map((m: { symbol: string }) => m.symbol),
        );
    } else {
      for (const code of codes) {
        const r = await get("live", `/v2/companies/?where=${encodeURIComponent(`indices in ['${code.toUpperCase()}']`)}&limit=200`);
        expect(r.status).toBe(200);
        members.set(
          code,
          r.body.results.map((m: { symbol: string }) => m.symbol),
        );
      }
    }
    for (const code of codes) {
      const list = members.get(code) ?? [];
      if (code === "sti" && edition === "live") continue; // the IDX screener holds no SGX listing
      expect({ code, duplicates: list.length - new Set(list).size }).toEqual({ code, duplicates: 0 });
      const size = INDEX_SIZES[code];
      if (size !== undefined) expect({ code, size: list.length }).toEqual({ code, size });
      else expect(list.length).toBeGreaterThan(0);
      const unknown = list.filter((s) => (code === "sti" ? !sgx.has(s) : !idxCompany(s.replace(/\.JK$/, ""))));
      expect({ code, unknown }).toEqual({ code, unknown: [] });
    }
    expect(members.get("ihsg")?.length).toBe(IDX_COMPANIES.length);
  });

  test("the sizes are the indices' own", () => {
    expect(INDEX_SIZES).toMatchObject({ lq45: 45, idx30: 30, jii70: 70, media100: 100, kompas100: 100, idxbumn20: 20, sti: 30 });
  });

  test("every member has statements and prices as of today", async () => {
    const r = await get("spec", "/v1/index/ihsg/");
    for (const { symbol } of r.body as { symbol: string }[]) {
      const c = idxCompany(symbol.replace(/\.JK$/, ""))!;
      expect({ symbol, quarters: quartersOf(c, TODAY).length > 4 }).toEqual({ symbol, quarters: true });
      const daily = await get("live", `/v2/daily/${c.symbol}/`);
      expect({ symbol, closes: daily.body.length > 10 }).toEqual({ symbol, closes: true });
    }
  });
});

describe("listing dates: nothing of a company before it listed", () => {
  test("the well-known listing dates are the real ones, and the report says them", async () => {
    expect(idxCompany("GOTO")?.listed).toBe("2022-04-11");
    expect(idxCompany("BBCA")?.listed).toBe("2000-05-31");
    expect(idxCompany("BUKA")?.listed).toBe("2021-08-06");
    for (const c of IDX_COMPANIES) {
      const r = await get("live", `/v2/company/report/${c.symbol}/?sections=overview`);
      expect({ symbol: c.symbol, listed: r.body.overview.listing_date }).toEqual({ symbol: c.symbol, listed: c.listed });
    }
  });

  test("statements: each quarter reported on or after the listing date, in both editions", async () => {
    for (const c of IDX_COMPANIES) {
      for (const q of quartersOf(c, TODAY))
        expect({ symbol: c.symbol, q: q.date, ok: addDays(String(q.date), REPORT_LAG_DAYS) >= c.listed }).toEqual({
          symbol: c.symbol,
          q: q.date,
          ok: true,
        });
      const dates = (await get("spec", `/v1/company/get_quarterly_financial_dates/${c.symbol}/`)).body as Record<string, [string][]>;
      const early = Object.values(dates)
        .flat()
        .filter(([d]) => addDays(d, REPORT_LAG_DAYS) < c.listed);
      expect({ symbol: c.symbol, early }).toEqual({ symbol: c.symbol, early: [] });
    }
    // GOTO's first report as a listed company is 2022 Q1 (out in May 2022).
    const goto = (await get("spec", "/v1/company/get_quarterly_financial_dates/GOTO/")).body as Record<string, [string][]>;
    expect(Object.values(goto).flat()[0][0]).toBe("2022-03-31");
    const years = (await get("spec", "/v1/companies/list_companies_with_segments/")).body["GOTO.JK"].financial_year;
    expect(years[0]).toBe(2022);
  });

  test("filings, news, dividends and suspensions: none before the listing date", async () => {
    const listed = new Map(IDX_COMPANIES.map((c) => [`${c.symbol}.JK`, c.listed]));
    for (const f of allFilings(TODAY)) {
      const symbol = (f.tickers as string[])[0];
      expect({ id: f.id, early: f.timestamp.slice(0, 10) < listed.get(symbol)! }).toEqual({ id: f.id, early: false });
    }
    for (const n of allNews(TODAY))
      for (const t of n.tickers as string[])
        expect({ id: n.id, early: n.timestamp.slice(0, 10) < listed.get(t)! }).toEqual({ id: n.id, early: false });
    for (const c of IDX_COMPANIES) {
      expect({ symbol: c.symbol, early: dividends(c, TODAY).filter((p) => p.date < c.listed) }).toEqual({ symbol: c.symbol, early: [] });
      const r = await get("live", `/v2/suspensions/?symbol=${c.symbol}&start=${FIRST}&end=${TODAY}&limit=30`);
      const early = r.body.results.filter((s: { suspension_date: string }) => s.suspension_date < c.listed);
      expect({ symbol: c.symbol, early }).toEqual({ symbol: c.symbol, early: [] });
    }
  });
});

describe("sales destinations: consistent with the miner's revenue", () => {
  const listed = MINING_COMPANIES.filter((c) => c.idx_ticker && destinationsOf(c, TODAY));

  test("every year's destinations add up to that year's revenue and to 100%", () => {
    expect(listed.length).toBeGreaterThan(3);
    for (const c of listed) {
      const financials = miningFinancials(c, TODAY)!;
      const byYear = destinationsOf(c, TODAY)!;
      expect(Object.keys(byYear).length).toBeGreaterThan(0);
      for (const [year, row] of Object.entries(byYear)) {
        const revenue = financials.find((f) => f.year === Number(year))?.revenue;
        const cells = Object.values(row);
        const sum = (k: keyof (typeof cells)[number]) => cells.reduce((s, cell) => s + Number(cell[k]), 0);
        expect({
          ticker: c.idx_ticker,
          year,
          revenue: revenue !== undefined,
          nulls: cells.filter((x) => x.revenue === null).length,
        }).toEqual({
          ticker: c.idx_ticker,
          year,
          revenue: true,
          nulls: 0,
        });
        expect(sum("revenue")).toBeCloseTo(revenue!, 1);
        expect(sum("percentage_of_total_revenue")).toBeCloseTo(100, 1);
        expect(sum("percentage_of_sales_volume")).toBeCloseTo(100, 1);
      }
    }
  });

  test("the live edition's latest year carries revenue for every buyer", async () => {
    for (const c of listed) {
      const r = await get("live", `/v2/mining/sales-destination/${c.slug}/`);
      expect(r.status).toBe(200);
      const revenue = miningFinancials(c, TODAY)!.find((f) => f.year === r.body.year)!.revenue;
      const cells = Object.values(r.body.data) as { revenue_usd: number | null }[];
      expect(cells.every((x) => x.revenue_usd !== null)).toBe(true);
      expect(cells.reduce((s, x) => s + (x.revenue_usd ?? 0), 0) / 1e6).toBeCloseTo(revenue, 1);
    }
  });
});

describe("templates: every key they name answers in both editions", () => {
  /** What an argument reads from a template's cell: its value, or the date of a TODAY() formula. */
  function argOf(cell: TemplateCell | undefined): unknown {
    if (!cell) return null;
    if (cell.builtin !== undefined) return (isoToSerial(TODAY) as number) + todayOffset(cell.builtin)!;
    return cell.value ?? null;
  }
  const calls = TEMPLATES.flatMap((t) =>
    t.sheets.flatMap((sheet) => {
      const at = new Map(sheet.cells.map((c) => [c.at.replace(/\$/g, ""), c]));
      return sheet.cells
        .filter((c) => c.formula)
        .map((c) => {
          const f = c.formula!;
          const args = f.args.map((a) => (typeof a === "object" ? argOf(at.get(a.ref.replace(/\$/g, ""))) : a));
          return { template: t.id, at: c.at, fn: f.fn, args };
        });
    }),
  );

  test.each(EDITIONS)("every MDQ formula of every template calculates in the %s edition", async (edition) => {
    expect(calls.length).toBeGreaterThan(100);
    // The core's clock is the sandbox's day, so a window it plans ends no later than the sandbox's today.
    const settings = { baseUrl: sandboxes[edition].url, apiKey: sandboxes[edition].apiKey, edition };
    const failed: string[] = [];
    for (const call of calls) {
      try {
        const { cells } = await callAsync(
          functionNamed(call.fn),
          call.args as never,
          settings,
          fetchHost(fetch as never, { now: () => Date.parse(`${TODAY}T09:00:00Z`) }),
        );
        if (!cells.length) failed.push(`${call.template}!${call.at}: empty`);
      } catch (e) {
        failed.push(`${call.template}!${call.at} ${call.fn}(${call.args.join(",")}): ${(e as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
  });
});
