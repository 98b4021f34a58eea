// Demo data an analyst believes: caps in the real order and ranking (DBS the largest SGX company,
// Maybank and Public Bank among Bursa's largest), companies that list and delist on their real days
// with nothing of them outside those days, suspended days without trading, no IDX company above
// 15% of the market, weekly movers of a believable size and gold's price under the field the
// provider's description names. Today is fixed at 2025-06-18 (a Wednesday).
import http from "node:http";
import { tradingDays as calendarDays } from "../../src/sandbox/calendar";
import { IDX_COMPANIES } from "../../src/sandbox/data/idx-companies";
import { dailyBar, dailySeries } from "../../src/sandbox/data/idx-daily";
import { isListedOn, isSuspendedOn, tradesOn } from "../../src/sandbox/data/idx-listing";
import { sharePrice } from "../../src/sandbox/data/idx-prices";
import { klseFigures } from "../../src/sandbox/data/klse-reports";
import { sgxDividends } from "../../src/sandbox/data/sgx-dividends";
import { sgxBuybacks, sgxFilings, sgxShortDays } from "../../src/sandbox/data/sgx-events";
import { sgxFacts } from "../../src/sandbox/data/sgx-facts";
import { SGX_LISTINGS, sgxListingsOn, sgxSeries } from "../../src/sandbox/data/sgx-prices";
import { fromDay, toDay } from "../../src/sandbox/dates";
import description from "../../src/sandbox/described/live-api.generated.json";
import { plusDays, TODAY, useSandbox } from "./helpers";
import { walk } from "./live-helpers";

const FIRST = "2019-01-02";

// A new connection per request: some tests compute for longer than the server keeps an idle
// socket, and a reused closed socket is a reset, not an answer.
const agent = new http.Agent({ keepAlive: false });
afterAll(() => agent.destroy());
const sandboxed = (options: Parameters<typeof useSandbox>[0]) => {
  const sandbox = useSandbox(options);
  return { get: (path: string) => sandbox.get(path, { agent }) };
};
const api = sandboxed({ edition: "live" });
const spec = sandboxed({ edition: "spec" });
const ok = async (sandbox: typeof api, path: string) => {
  const r = await sandbox.get(path);
  expect({ path, status: r.status }).toEqual({ path, status: 200 });
  return r.body;
};

describe("caps in the real order of magnitude and ranking", () => {
  test("SGX_TOP market_cap ranks DBS first (about S$130 bn near S$45 a share), then OCBC, Singtel and UOB", async () => {
    const top = (await ok(api, "/v2/sgx/companies/top/?classifications=market_cap&n_stock=10")).market_cap;
    expect(top[0].symbol).toBe("D05");
    expect(top[0].market_cap).toBeGreaterThan(100e9);
    expect(top[0].market_cap).toBeLessThan(160e9);
    expect(
      top
        .slice(1, 4)
        .map((r: { symbol: string }) => r.symbol)
        .sort(),
    ).toEqual(["O39", "U11", "Z74"]);
    const dbs = (await ok(api, "/v2/sgx/company/report/D05/?sections=overview")).overview;
    expect(dbs.last_close_price).toBeGreaterThan(38);
    expect(dbs.last_close_price).toBeLessThan(52);
  });

  test("DBS is the largest SGX company on any day of the data, at a price of its real range", () => {
    for (const day of ["2019-06-03", "2021-06-01", "2023-06-01", "2025-12-01", "2026-11-27", "2027-12-31"]) {
      const caps = sgxListingsOn(day).map((s) => [s.symbol, sgxFacts(s, day)!.market_cap] as const);
      const [first] = [...caps].sort((a, b) => b[1] - a[1]);
      expect({ day, first: first[0] }).toEqual({ day, first: "D05" });
      const close = sgxFacts(SGX_LISTINGS.get("D05")!, day)!.close;
      expect({ day, close, real: close > 20 && close < 70 }).toEqual({ day, close, real: true });
    }
  });

  test("UOL Group is a mid cap of about S$5 bn", async () => {
    const uol = (await ok(api, "/v2/sgx/company/report/U14/?sections=overview")).overview;
    expect(uol.market_cap).toBeGreaterThan(3e9);
    expect(uol.market_cap).toBeLessThan(8e9);
  });

  test("Maybank and Public Bank are among Bursa's three largest, at their real share prices", async () => {
    const top = (await ok(api, "/v2/klse/companies/top/?classifications=market_cap&n_stock=3")).market_cap;
    expect(top.map((r: { symbol: string }) => r.symbol)).toEqual(expect.arrayContaining(["1155", "1295"]));
    expect(top[0].symbol).toBe("1155");
    const figures = klseFigures(TODAY);
    for (const [symbol, low, high] of [
      ["1155", 8, 12],
      ["1295", 3.5, 5.5],
    ] as const) {
      const { report } = figures.get(symbol)!;
      const price = report.overview.market_cap / (report.financials.historical_earnings[0].earnings / report.financials.eps);
      expect({ symbol, price: price > low && price < high }).toEqual({ symbol, price: true });
    }
  });

  test("the spec edition's SGX list is the same universe", async () => {
    const banks = await ok(spec, "/v1/sgx/companies/?sector=financial-services");
    expect(banks.map((c: { symbol: string }) => c.symbol)).toContain("D05");
  });
});

describe("IDX: no company above 15% of the market, weekly movers of a believable size", () => {
  test("on every trading day from 2019 to the end of 2027, no listed company is more than 15% of the exchange's total", () => {
    let worst = { share: 0, symbol: "", date: "" };
    for (const day of calendarDays("idx", FIRST, "2027-12-31")) {
      const caps = IDX_COMPANIES.filter((c) => isListedOn(c, day)).map((c) => [c.symbol, dailyBar(c, day).market_cap] as const);
      const total = caps.reduce((s, [, cap]) => s + cap, 0);
      for (const [symbol, cap] of caps) if (cap / total > worst.share) worst = { share: cap / total, symbol, date: fromDay(day) };
    }
    expect(worst.share).toBeLessThan(0.15);
    // BBCA is still the largest, as on the real exchange.
    expect(worst.symbol).toBe("BBCA");
  });

  test("the same through the service: BBCA's daily market cap over /v2/idx-total/'s, a year to today", async () => {
    const bbca: any[] = [];
    const totals = new Map<string, number>();
    // Sixty days a request: the daily windows are bounded.
    for (let end = TODAY; end > plusDays(TODAY, -365); end = plusDays(end, -61)) {
      const window = `start=${plusDays(end, -60)}&end=${end}`;
      for (const p of await ok(api, `/v2/idx-total/?${window}`)) totals.set(p.date, p.idx_total_market_cap);
      bbca.push(...(await ok(api, `/v2/daily/BBCA/?${window}`)));
    }
    expect(bbca.length).toBeGreaterThan(200);
    for (const bar of bbca) {
      expect({ date: bar.date, over: bar.market_cap / totals.get(bar.date)! > 0.15 }).toEqual({ date: bar.date, over: false });
    }
  });

  test("the top 7-day gainer rises by double digits, as small caps do in a week; large caps move less", async () => {
    const top = (await ok(api, "/v2/companies/top-changes/?classifications=top_gainers&periods=7d&n_stock=5&min_mcap_billion=0"))
      .top_gainers["7d"];
    expect(top[0].price_change).toBeGreaterThan(0.1);
    expect(top[0].price_change).toBeLessThan(0.6);
    const bbca = IDX_COMPANIES.find((c) => c.symbol === "BBCA")!;
    const weekly = calendarDays("idx", FIRST, TODAY).map((day) => sharePrice(bbca, day) / sharePrice(bbca, day - 7) - 1);
    expect(Math.max(...weekly.map(Math.abs))).toBeLessThan(0.1);
  });
});

describe("listing and delisting days that every series, list and screener honours", () => {
  const DELISTED = [...SGX_LISTINGS.values()].filter((s) => s.delisted !== undefined);

  test("at least three delisted companies, Singapore Press Holdings among them (2022)", () => {
    expect(DELISTED.length).toBeGreaterThanOrEqual(3);
    expect(SGX_LISTINGS.get("T39")?.delisted?.slice(0, 4)).toBe("2022");
    expect(SGX_LISTINGS.get("9CI")?.listed).toBe("2021-09-20");
  });

  test("no company has a price before its listing or after its delisting: every daily series of every market", () => {
    for (const c of IDX_COMPANIES) {
      const dates = dailySeries(c, FIRST, TODAY).map((p) => p.date);
      expect({ symbol: c.symbol, early: dates.filter((d) => d < c.listed) }).toEqual({ symbol: c.symbol, early: [] });
      expect({ symbol: c.symbol, suspended: dates.filter((d) => isSuspendedOn(c, toDay(d))) }).toEqual({ symbol: c.symbol, suspended: [] });
    }
    for (const s of SGX_LISTINGS.values()) {
      const dates = sgxSeries(s, toDay(FIRST), toDay(TODAY)).map((p) => p.date);
      const outside = dates.filter((d) => (s.listed !== undefined && d < s.listed) || (s.delisted !== undefined && d >= s.delisted));
      expect({ symbol: s.symbol, outside }).toEqual({ symbol: s.symbol, outside: [] });
      // And nothing else of it outside those days: dividends, short sales, buybacks, filings.
      const events = [
        ...sgxDividends(s, TODAY).map((p) => p.date),
        ...sgxShortDays(s, TODAY).map((d) => d.date),
        ...sgxBuybacks(s, TODAY).map((b) => b.purchase_date),
        ...sgxFilings(s, TODAY).map((f) => f.timestamp),
      ].filter((d) => (s.listed !== undefined && d < s.listed) || (s.delisted !== undefined && d >= s.delisted));
      expect({ symbol: s.symbol, events }).toEqual({ symbol: s.symbol, events: [] });
    }
    // KLSE has no daily series: its figures are as of today only, for companies all listed through the data.
  });

  test("through the service: 9CI has no close before 2021-09-20, Singapore Press Holdings none from its delisting", async () => {
    expect(await ok(api, "/v2/sgx/daily/9CI/?start=2021-08-01&end=2021-09-17")).toEqual([]);
    expect((await ok(api, "/v2/sgx/daily/9CI/?start=2021-09-01&end=2021-09-30"))[0].date).toBe("2021-09-20");
    const sph = await ok(api, "/v2/sgx/daily/T39/?start=2022-04-01&end=2022-06-30");
    expect(sph.length).toBeGreaterThan(10);
    expect(sph.at(-1).date < "2022-05-13").toBe(true);
    expect(await ok(api, "/v2/sgx/daily/T39/?start=2024-01-01&end=2024-03-01")).toEqual([]);
  });

  test("lists, rankings and the screener leave out companies delisted by today", async () => {
    const gone = DELISTED.map((s) => s.symbol);
    const listedSgx = [
      ...(await ok(spec, "/v1/sgx/companies/?sector=real-estate")),
      ...(await ok(spec, "/v1/sgx/companies/?sector=communication-services")),
      ...(await ok(spec, "/v1/sgx/companies/?sector=industrials")),
    ].map((c: { symbol: string }) => c.symbol);
    const screened = (await ok(api, "/v2/sgx/companies/?limit=200")).results.map((r: { symbol: string }) => r.symbol);
    const top = await ok(api, "/v2/sgx/companies/top/?n_stock=10");
    const ranked = Object.values(top).flatMap((rows: any) => rows.map((r: { symbol: string }) => r.symbol));
    for (const symbol of gone) {
      expect({ symbol, listed: listedSgx.includes(symbol), screened: screened.includes(symbol), ranked: ranked.includes(symbol) }).toEqual({
        symbol,
        listed: false,
        screened: false,
        ranked: false,
      });
    }
    expect(screened).toContain("9CI");
  });
});

describe("on a day before some companies listed, lists leave them out", () => {
  const early = sandboxed({ edition: "live", today: "2021-03-01" });
  const earlySpec = sandboxed({ edition: "spec", today: "2021-03-01" });

  test("SGX: the companies delisted later are there, 9CI is not yet", async () => {
    const screened = (await ok(early, "/v2/sgx/companies/?limit=200")).results.map((r: { symbol: string }) => r.symbol);
    expect(screened).toEqual(expect.arrayContaining(["T39", "J37", "RW0U"]));
    expect(screened).not.toContain("9CI");
    const estate = (await ok(earlySpec, "/v1/sgx/companies/?sector=real-estate")).map((c: { symbol: string }) => c.symbol);
    expect(estate).toContain("RW0U");
    expect(estate).not.toContain("9CI");
    const sti = (await ok(earlySpec, "/v1/index/sti/")).map((c: { symbol: string }) => c.symbol);
    expect(sti).not.toContain("9CI");
  });

  test("IDX: GOTO (2022), AMMN and BREN (2023) are in no list, index or screener yet", async () => {
    const later = ["GOTO.JK", "AMMN.JK", "BREN.JK"];
    const screened = (await ok(early, "/v2/companies/?limit=200")).results.map((r: { symbol: string }) => r.symbol);
    const ihsg = (await ok(earlySpec, "/v1/index/ihsg/")).map((c: { symbol: string }) => c.symbol);
    const tech = (await ok(earlySpec, "/v1/companies/?sub_sector=software-it-services")).map((c: { symbol: string }) => c.symbol);
    const segments = Object.keys(await ok(earlySpec, "/v1/companies/list_companies_with_segments/"));
    for (const symbol of later) {
      expect({ symbol, in: [screened, ihsg, tech, segments].map((list) => list.includes(symbol)) }).toEqual({
        symbol,
        in: [false, false, false, false],
      });
    }
    expect(screened).toContain("BBCA.JK");
    expect(ihsg).toContain("BBCA.JK");
  });

  test("IDX: a company not yet listed has no report, and is no member of its sub-sector's report", async () => {
    expect((await early.get("/v2/company/report/GOTO/?sections=overview")).status).toBe(404);
    expect((await early.get("/v2/company/report/BBCA/?sections=overview")).status).toBe(200);
    const tech = await ok(early, "/v2/subsector/report/software-it-services/?sections=companies");
    expect(JSON.stringify(tech.companies)).not.toContain("GOTO");
    expect(JSON.stringify(tech.companies)).toContain("EMTK");
  });
});

describe("a suspended day has no trading", () => {
  test("every suspension of every company: no bar, no close, no broker trade that day", async () => {
    const all = await walk(api.get, "/v2/suspensions/", 30);
    expect(all.length).toBeGreaterThan(50);
    for (const s of all) {
      const code = s.symbol.replace(/\.JK$/, "");
      const c = IDX_COMPANIES.find((x) => x.symbol === code)!;
      expect({ s, suspended: isSuspendedOn(c, toDay(s.suspension_date)), trades: tradesOn(c, toDay(s.suspension_date)) }).toEqual({
        s,
        suspended: true,
        trades: false,
      });
    }
    // ANTM through the service: its suspended days have no daily bar and no close.
    const antm = all.filter((s: { symbol: string }) => s.symbol === "ANTM.JK");
    expect(antm.length).toBeGreaterThan(0);
    for (const { suspension_date: day } of antm) {
      expect(await ok(api, `/v2/daily/ANTM/?start=${day}&end=${day}`)).toEqual([]);
      const closes = await walk(api.get, `/v2/close/?date=${day}`, 30);
      expect(closes.map((r: { symbol: string }) => r.symbol)).not.toContain("ANTM.JK");
      expect(closes.length).toBeGreaterThan(50);
    }
  });
});

describe("field names and enums as the provider's description states them", () => {
  const choices = (path: string, name: string): string[] => {
    const p = (description.paths as any)[path].get.parameters.find((x: { name: string }) => x.name === name);
    return p.schema.enum ?? p.schema.items.enum;
  };

  test("closed parameters take the described values, in any case, and refuse others naming them", async () => {
    const cohorts = choices("/v2/brokers/", "cohort");
    expect((await api.get("/v2/brokers/?cohort=whales")).body.error).toBe(
      `Invalid cohort: whales. Valid options are: ${cohorts.join(", ")}.`,
    );
    expect((await api.get("/v2/brokers/top/?date=2025-06-13&metric=Net")).status).toBe(200);
    const top = await ok(api, "/v2/companies/top-changes/");
    expect(Object.keys(top)).toEqual(choices("/v2/companies/top-changes/", "classifications"));
    expect(Object.keys(top.top_gainers).sort()).toEqual([...choices("/v2/companies/top-changes/", "periods")].sort());
  });

  test("the commodities priced and the reports' sections are the described ones", async () => {
    const names = (await ok(api, "/v2/mining/commodities/")).map((c: { name: string }) => c.name);
    expect(names).toEqual(choices("/v2/mining/global-commodity/", "commodity_type"));
    for (const [path, asked] of [
      ["/v2/sgx/company/report/{symbol}/", "/v2/sgx/company/report/D05/"],
      ["/v2/klse/company/report/{symbol}/", "/v2/klse/company/report/1155/"],
    ] as const) {
      const sections = choices(path, "sections");
      const keys = Object.keys(await ok(api, asked)).filter((k) => sections.includes(k));
      expect(keys.sort()).toEqual([...sections].sort());
    }
  });
});
