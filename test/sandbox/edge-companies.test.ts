// The six companies whose statements have the edges of real filings (src/sandbox/data/
// idx-edge-companies.ts), in both editions: a June financial year (KRLS), restated quarters
// (CGPR), rows dated at the filing day with one filed late (THFA), a quarter never filed (KBPD), a
// company that stopped filing and was suspended (SBJU), losses turned to profit (NDRG). Every
// endpoint that reads statements must tell the same story: the rows QUARTERLY serves, the dates
// and labels of the fiscal-dates endpoints, the latest-dates feed, segments, the company report and
// the screener; and nothing becomes public before its day.
import http from "node:http";
import { idxCompany } from "../../src/sandbox/data/idx-companies";
import { quarterRecord, yearTotal } from "../../src/sandbox/data/idx-financials";
import { addDays, toDay } from "../../src/sandbox/dates";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { LiveApi } from "../live-api";
import { request, TODAY } from "./helpers";
import { walk } from "./live-helpers";

const EDGE = ["KRLS", "CGPR", "THFA", "KBPD", "SBJU", "NDRG"];
/** Two years after the last filing of SBJU, as the screenshots' day. */
const LATER = "2026-11-25";
const QUARTER_END = /-(03-31|06-30|09-30|12-31)$/;

// One sandbox serving both editions (live at the root, spec under /spec) per day asked for.
const sandboxes = new Map<string, Promise<Sandbox>>();
afterAll(async () => {
  fresh.destroy();
  for (const s of sandboxes.values()) await (await s).close();
});

// A new connection per request: between two requests the test may compute for longer than the
// server keeps an idle socket (5 s, on a loaded machine), and a reused closed socket is a reset.
const fresh = new http.Agent({ keepAlive: false });

async function get(today: string, path: string) {
  if (!sandboxes.has(today)) sandboxes.set(today, startSandbox({ port: 0, host: "127.0.0.1", today, edition: "both" }));
  return request((await sandboxes.get(today)!).url, path, { agent: fresh });
}

async function ok(today: string, path: string) {
  const r = await get(today, path);
  expect({ path, today, status: r.status }).toEqual({ path, today, status: 200 });
  return r.body;
}

type Edition = "spec" | "live";
const EDITIONS: Edition[] = ["spec", "live"];
const quarterly = (e: Edition, symbol: string, query = "") =>
  e === "spec" ? `/spec/v1/financials/quarterly/${symbol}/${query}` : `/v2/financials/quarterly/${symbol}/${query}`;
const fiscalDates = (e: Edition, symbol: string) =>
  e === "spec" ? `/spec/v1/company/get_quarterly_financial_dates/${symbol}/` : `/v2/company/get_quarterly_financial_dates/${symbol}/`;
const segments = (e: Edition, symbol: string, query = "") =>
  e === "spec" ? `/spec/v1/company/get-segments/${symbol}/${query}` : `/v2/company/get-segments/${symbol}/${query}`;

const rowDates = async (today: string, e: Edition, symbol: string, query = "?n_quarters=1000"): Promise<string[]> =>
  (await ok(today, quarterly(e, symbol, query))).map((r: { date: string }) => r.date);

/** Every [date, label] of the fiscal-dates endpoint, newest first (as QUARTERLY lists its rows). */
async function labelled(today: string, e: Edition, symbol: string): Promise<[string, string][]> {
  const byYear: Record<string, [string, string][]> = await ok(today, fiscalDates(e, symbol));
  for (const [year, pairs] of Object.entries(byYear))
    for (const [date] of pairs) expect({ symbol, date, year: date.slice(0, 4) }).toEqual({ symbol, date, year });
  return Object.values(byYear)
    .flat()
    .sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
}

/** The company's latest row in the universe feed (walked page by page), or undefined. */
async function feedRow(today: string, symbol: string, query = "") {
  const all = await walk((path) => get(today, path), `/v2/companies/quarterly-financial-dates/${query}`, 30);
  return all.find((r: { symbol: string }) => r.symbol === `${symbol}.JK`);
}

const sum = (rows: { revenue: number }[]) => rows.reduce((s, r) => s + r.revenue, 0);

describe("the edge companies are companies of the universe", () => {
  test("the screener, the sub-sector lists, IHSG and the daily bars know all six", async () => {
    const where = encodeURIComponent(`symbol in [${EDGE.map((s) => `'${s}'`).join(", ")}]`);
    const screened = await ok(TODAY, `/v2/companies/?where=${where}`);
    expect(screened.results.map((r: { symbol: string }) => r.symbol)).toEqual(EDGE.map((s) => `${s}.JK`).sort());
    const ihsg = (await ok(TODAY, "/spec/v1/index/ihsg/")).map((m: { symbol: string }) => m.symbol);
    for (const symbol of EDGE) {
      const c = idxCompany(symbol)!;
      expect(ihsg).toContain(`${symbol}.JK`);
      const listed = (await ok(TODAY, `/spec/v1/companies/?sub_sector=${c.subSector}`)).map((m: { symbol: string }) => m.symbol);
      expect(listed).toContain(`${symbol}.JK`);
      const days = (bars: { date: string }[]) => bars.map((b) => b.date);
      const window = "?start=2025-06-02&end=2025-06-13";
      expect(days(await ok(TODAY, `/v2/daily/${symbol}/${window}`))).toEqual(days(await ok(TODAY, `/v2/daily/BBCA/${window}`)));
    }
  });

  test("every live answer about them is valid per the provider's description", async () => {
    const api = await LiveApi.load();
    for (const today of [TODAY, LATER])
      for (const symbol of EDGE)
        for (const path of [
          quarterly("live", symbol, "?n_quarters=1000"),
          fiscalDates("live", symbol),
          segments("live", symbol),
          `/v2/company/report/${symbol}/`,
          `/v2/daily/${symbol}/?start=2025-06-02&end=2025-06-13`,
          `/v2/suspensions/?symbol=${symbol}`,
          "/v2/companies/quarterly-financial-dates/?limit=30&offset=90",
        ]) {
          const body = await ok(today, path);
          expect({ today, path, problems: api.answerProblems(`http://sandbox${path}`, 200, body) }).toEqual({ today, path, problems: [] });
        }
  });
});

describe("rows: every endpoint agrees, in both editions", () => {
  test.each(EDGE)("%s: the fiscal dates list exactly QUARTERLY's rows, and the editions agree", async (symbol) => {
    for (const today of [TODAY, LATER]) {
      const [spec, live] = [await rowDates(today, "spec", symbol), await rowDates(today, "live", symbol)];
      expect(live).toEqual(spec);
      expect((await labelled(today, "spec", symbol)).map(([d]) => d)).toEqual(spec);
      expect(await labelled(today, "live", symbol)).toEqual(await labelled(today, "spec", symbol));
      // n_quarters counts rows, newest first.
      for (const e of EDITIONS) expect(await rowDates(today, e, symbol, "?n_quarters=5")).toEqual(spec.slice(0, 5));
      for (const e of EDITIONS) expect(await rowDates(today, e, symbol, "")).toEqual(spec.slice(0, 1));
    }
  });

  test.each(EDGE)("%s: report_date picks the closest date (the earlier on a tie) and returns all its rows", async (symbol) => {
    const rows = await rowDates(TODAY, "spec", symbol);
    const distinct = [...new Set(rows)];
    const closest = (target: string) => {
      const t = toDay(target);
      const gap = (d: string) => Math.abs(toDay(d) - t);
      return distinct.reduce((best, d) => (gap(d) < gap(best) || (gap(d) === gap(best) && d < best) ? d : best));
    };
    const asked: string[] = [];
    for (let day = "2018-11-01"; day <= "2025-09-30"; day = addDays(day, 17)) asked.push(day);
    // Midpoints between neighbouring rows: the ties.
    for (let i = 0; i + 1 < distinct.length; i++) {
      const gap = toDay(distinct[i]) - toDay(distinct[i + 1]);
      if (gap % 2 === 0) asked.push(addDays(distinct[i + 1], gap / 2));
    }
    for (const e of EDITIONS)
      for (const target of asked) {
        const want = closest(target);
        const got = await rowDates(TODAY, e, symbol, `?report_date=${target}`);
        expect({ e, target, got }).toEqual({ e, target, got: rows.filter((d) => d === want) });
      }
    // approx=false: exactly the rows of that date, or a 404.
    for (const e of EDITIONS) {
      for (const d of distinct)
        expect({ e, d, got: await rowDates(TODAY, e, symbol, `?report_date=${d}&approx=false`) }).toEqual({
          e,
          d,
          got: rows.filter((x) => x === d),
        });
      const absent = addDays(distinct[0], -1);
      expect((await get(TODAY, quarterly(e, symbol, `?report_date=${absent}&approx=false`))).status).toBe(404);
    }
  });

  test.each(EDGE)("%s: the latest-dates feed gives its newest row and that row's label, also within a year", async (symbol) => {
    for (const today of [TODAY, LATER]) {
      const [newest] = await labelled(today, "live", symbol);
      expect(await feedRow(today, symbol)).toEqual({ symbol: `${symbol}.JK`, date: newest[0], quarter: newest[1] });
      for (const year of [2023, 2024]) {
        const within = (await labelled(today, "live", symbol)).find(([d]) => d.startsWith(`${year}-`));
        expect(await feedRow(today, symbol, `?year=${year}`)).toEqual(
          within && { symbol: `${symbol}.JK`, date: within[0], quarter: within[1] },
        );
      }
    }
  });

  test("nothing is served before it is public: 45 days after the period end, or on the filing day", async () => {
    // A row dated at its period end is public 45 days later; one dated at its filing day (THFA's,
    // CGPR's restatement of 2024-03-22) on that day.
    const publishedOn = (date: string) => (QUARTER_END.test(date) ? addDays(date, 45) : date);
    for (const today of ["2024-03-21", "2024-03-22", "2024-08-13", "2024-08-14", "2025-01-07", "2025-01-08", TODAY])
      for (const symbol of EDGE) {
        const rows = await rowDates(today, "live", symbol);
        for (const date of rows) expect({ symbol, today, date, out: publishedOn(date) <= today }).toMatchObject({ out: true });
      }
    // Each appears on its day: CGPR's two rows of 2024-06-30 on 2024-08-14, THFA's late Q3 on its filing day.
    expect(await rowDates("2024-08-13", "spec", "CGPR", "?n_quarters=2")).toEqual(["2024-03-31", "2024-03-22"]);
    expect(await rowDates("2024-08-14", "spec", "CGPR", "?n_quarters=2")).toEqual(["2024-06-30", "2024-06-30"]);
    expect((await labelled("2025-01-07", "spec", "THFA"))[0]).toEqual([expect.stringMatching(/^2024-07-/), "q2"]);
    expect((await labelled("2025-01-08", "spec", "THFA"))[0]).toEqual(["2025-01-08", "q3"]);
  });
});

describe("KRLS: a financial year ending 30 June", () => {
  test("its fiscal labels: Sep 30 is q1, Dec 31 q2, Mar 31 q3, Jun 30 q4, grouped by calendar year", async () => {
    for (const e of EDITIONS) {
      const byYear = await ok(TODAY, fiscalDates(e, "KRLS"));
      expect(byYear["2024"]).toEqual([
        ["2024-03-31", "q3"],
        ["2024-06-30", "q4"],
        ["2024-09-30", "q1"],
        ["2024-12-31", "q2"],
      ]);
      expect(byYear["2025"]).toEqual([["2025-03-31", "q3"]]);
      expect(await feedRow(TODAY, "KRLS")).toEqual({ symbol: "KRLS.JK", date: "2025-03-31", quarter: "q3" });
    }
  });

  test("its full years run July to June: segments, the report and the screener add up the same four rows", async () => {
    const rows = await ok(TODAY, quarterly("spec", "KRLS", "?n_quarters=1000"));
    const fy2024 = rows.filter((r: { date: string }) => r.date >= "2023-09-30" && r.date <= "2024-06-30");
    expect(fy2024).toHaveLength(4);
    for (const e of EDITIONS) {
      const seg = await ok(TODAY, segments(e, "KRLS"));
      expect(seg.financial_year).toBe(2024);
      expect(sum(seg.revenue_breakdown.map((s: { value: number }) => ({ revenue: s.value })))).toBe(sum(fy2024));
    }
    const report = (await ok(TODAY, "/v2/company/report/KRLS/?sections=financials")).financials;
    expect(report.historical_financials.map((y: { year: number }) => y.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(report.historical_financials.at(-1).revenue).toBe(sum(fy2024));
    const where = encodeURIComponent("symbol = 'KRLS' and revenue[2024] > 0");
    const [screened] = (await ok(TODAY, `/v2/companies/?where=${where}&include_query_values=true`)).results;
    expect(screened.query_values["revenue[2024]"]).toBe(sum(fy2024));
    // FY2025 is full once its June quarter is out, 45 days after 30 June 2025.
    expect((await ok("2025-08-13", segments("spec", "KRLS"))).financial_year).toBe(2024);
    expect((await ok("2025-08-14", segments("spec", "KRLS"))).financial_year).toBe(2025);
  });
});

describe("CGPR: restated quarters", () => {
  const c = () => idxCompany("CGPR")!;

  test("Q2 2024 listed twice under one date, the restatement first, then the original", async () => {
    for (const e of EDITIONS) {
      const rows = await ok(TODAY, quarterly(e, "CGPR", "?n_quarters=6"));
      expect(rows.map((r: { date: string }) => r.date)).toEqual([
        "2025-03-31",
        "2024-12-31",
        "2024-09-30",
        "2024-06-30",
        "2024-06-30",
        "2024-03-31",
      ]);
      expect(rows[3].earnings).not.toBe(rows[4].earnings);
      expect([rows[3].earnings, rows[4].earnings]).toEqual([
        quarterRecord(c(), 2024, 2, true).earnings,
        quarterRecord(c(), 2024, 2).earnings,
      ]);
      expect(await ok(TODAY, quarterly(e, "CGPR", "?report_date=2024-06-30&approx=false"))).toEqual(rows.slice(3, 5));
      expect(await ok(TODAY, quarterly(e, "CGPR", "?report_date=2024-07-10"))).toEqual(rows.slice(3, 5));
    }
    expect(await ok(TODAY, quarterly("spec", "CGPR", "?report_date=2024-06-30&approx=false"))).toEqual([
      quarterRecord(c(), 2024, 2, true),
      quarterRecord(c(), 2024, 2),
    ]);
  });

  test("Q3 2023 restated on 2024-03-22: a row of that date, labelled q3, the latest row that day", async () => {
    for (const e of EDITIONS) {
      expect((await ok(TODAY, fiscalDates(e, "CGPR")))["2024"]).toEqual([
        ["2024-03-22", "q3"],
        ["2024-03-31", "q1"],
        ["2024-06-30", "q2"],
        ["2024-06-30", "q2"],
        ["2024-09-30", "q3"],
        ["2024-12-31", "q4"],
      ]);
      expect(await rowDates("2024-03-21", e, "CGPR", "?n_quarters=1")).toEqual(["2023-12-31"]);
      const [restated] = await ok("2024-03-22", quarterly(e, "CGPR", "?n_quarters=1"));
      expect(restated.date).toBe("2024-03-22");
      expect(restated.earnings).toBe(quarterRecord(c(), 2023, 3, true).earnings);
      // Midway between 2023-12-31 and 2024-03-22 the earlier row wins; a day later the restatement.
      expect(await rowDates(TODAY, e, "CGPR", "?report_date=2024-02-10")).toEqual(["2023-12-31"]);
      expect(await rowDates(TODAY, e, "CGPR", "?report_date=2024-02-11")).toEqual(["2024-03-22"]);
    }
    expect(await feedRow("2024-03-21", "CGPR")).toEqual({ symbol: "CGPR.JK", date: "2023-12-31", quarter: "q4" });
    expect(await feedRow("2024-03-22", "CGPR")).toEqual({ symbol: "CGPR.JK", date: "2024-03-22", quarter: "q3" });
  });

  test("the year's figures take a restatement from the day it is public, never before", async () => {
    const revenue = (year: number, q: number, restated = false) => Number(quarterRecord(c(), year, q, restated).revenue);
    const fy2023 = async (today: string) =>
      (await ok(today, "/v2/company/report/CGPR/?sections=financials")).financials.historical_financials.find(
        (y: { year: number }) => y.year === 2023,
      ).revenue;
    const original = revenue(2023, 1) + revenue(2023, 2) + revenue(2023, 3) + revenue(2023, 4);
    expect(await fy2023("2024-03-21")).toBe(original);
    expect(await fy2023("2024-03-22")).toBe(original - revenue(2023, 3) + revenue(2023, 3, true));
    expect(revenue(2023, 3, true)).not.toBe(revenue(2023, 3));
    // Q2 2024's restatement came out with the original: the year reads it from that day.
    const fy2024 = (await ok(TODAY, "/v2/company/report/CGPR/?sections=financials")).financials.historical_financials.find(
      (y: { year: number }) => y.year === 2024,
    ).revenue;
    expect(fy2024).toBe(revenue(2024, 1) + revenue(2024, 2, true) + revenue(2024, 3) + revenue(2024, 4));
    // As known on an earlier day (what a dividend paid then was drawn from), before the restatement.
    expect(yearTotal(c(), 2023, "revenue", TODAY, "2024-03-21")).toBe(original);
    expect(yearTotal(c(), 2023, "revenue", TODAY, "2024-03-22")).toBe(await fy2023("2024-03-22"));
  });
});

describe("THFA: rows dated at the filing day, one filed late", () => {
  test("no row is dated at a quarter end; each is dated a month after its quarter (the audited Q4 in March)", async () => {
    for (const e of EDITIONS) {
      const rows = await labelled(TODAY, e, "THFA");
      for (const [date, label] of rows) {
        expect({ date, atQuarterEnd: QUARTER_END.test(date) }).toEqual({ date, atQuarterEnd: false });
        // The quarter a row reports: the last end of a quarter of its label before its date.
        const end = ["03-31", "06-30", "09-30", "12-31"][Number(label[1]) - 1];
        const year = `${date.slice(0, 4)}-${end}` < date ? +date.slice(0, 4) : +date.slice(0, 4) - 1;
        const lag = toDay(date) - toDay(`${year}-${end}`);
        const window = date === "2025-01-08" ? [100, 100] : label === "q4" ? [80, 95] : [25, 40];
        expect({ date, lag, inWindow: lag >= window[0] && lag <= window[1] }).toMatchObject({ inWindow: true });
      }
      // Q3 2024 was filed on 8 January 2025, after the next quarter ended.
      expect((await ok(TODAY, fiscalDates(e, "THFA")))["2025"][0]).toEqual(["2025-01-08", "q3"]);
      expect((await get(TODAY, quarterly(e, "THFA", "?report_date=2024-09-30&approx=false"))).status).toBe(404);
      expect(await rowDates(TODAY, e, "THFA", "?report_date=2025-01-08&approx=false")).toEqual(["2025-01-08"]);
    }
  });

  test("a year is full from the day its fourth quarter is filed", async () => {
    const q4 = (await labelled(TODAY, "spec", "THFA")).find(([d, label]) => label === "q4" && d.startsWith("2025-"))![0];
    expect((await ok(addDays(q4, -1), segments("live", "THFA"))).financial_year).toBe(2023);
    expect((await ok(q4, segments("live", "THFA"))).financial_year).toBe(2024);
  });
});

describe("KBPD: a quarter never filed", () => {
  test("Q2 2023 is in no list, no exact date, no full year", async () => {
    for (const e of EDITIONS) {
      expect((await ok(TODAY, fiscalDates(e, "KBPD")))["2023"]).toEqual([
        ["2023-03-31", "q1"],
        ["2023-09-30", "q3"],
        ["2023-12-31", "q4"],
      ]);
      expect(await rowDates(TODAY, e, "KBPD")).not.toContain("2023-06-30");
      expect((await get(TODAY, quarterly(e, "KBPD", "?report_date=2023-06-30&approx=false"))).status).toBe(404);
      // 91 days after Q1 and 92 before Q3: the closest row is Q1's.
      expect(await rowDates(TODAY, e, "KBPD", "?report_date=2023-06-30")).toEqual(["2023-03-31"]);
      expect((await get(TODAY, segments(e, "KBPD", "?financial_year=2023"))).status).toBe(404);
      expect((await ok(TODAY, segments(e, "KBPD", "?financial_year=2024"))).financial_year).toBe(2024);
    }
    expect((await ok(TODAY, "/spec/v1/companies/list_companies_with_segments/"))["KBPD.JK"]).toEqual({
      financial_year: [2019, 2020, 2021, 2022, 2024],
    });
    const report = (await ok(TODAY, "/v2/company/report/KBPD/?sections=financials")).financials;
    expect(report.historical_financials.map((y: { year: number }) => y.year)).toEqual([2019, 2020, 2021, 2022, 2024]);
    // No growth over a year that is not there.
    expect(report.historical_eps["2024"].eps_growth).toBeNull();
    const where = encodeURIComponent("symbol = 'KBPD' and revenue[2023] is null and revenue[2024] > 0");
    expect((await ok(TODAY, `/v2/companies/?where=${where}`)).results).toHaveLength(1);
  });
});

describe("SBJU: stopped filing after Q3 2024, suspended since 2025-07-01", () => {
  test("its last row stays Q3 2024, everywhere", async () => {
    for (const e of EDITIONS) {
      expect(await rowDates(LATER, e, "SBJU", "?n_quarters=1")).toEqual(["2024-09-30"]);
      const byYear = await ok(LATER, fiscalDates(e, "SBJU"));
      expect(Object.keys(byYear).at(-1)).toBe("2024");
      expect(byYear["2024"].at(-1)).toEqual(["2024-09-30", "q3"]);
      expect((await ok(LATER, segments(e, "SBJU"))).financial_year).toBe(2023);
      expect((await get(LATER, segments(e, "SBJU", "?financial_year=2024"))).status).toBe(404);
    }
    expect(await feedRow(LATER, "SBJU")).toEqual({ symbol: "SBJU.JK", date: "2024-09-30", quarter: "q3" });
    expect(await feedRow(LATER, "SBJU", "?since=2025-01-01")).toBeUndefined();
    expect(await feedRow(LATER, "SBJU", "?year=2025")).toBeUndefined();
  });

  test("its shares are suspended: the suspension listed, no bar, close or trade after it, the last close standing", async () => {
    const [newest] = (await ok(LATER, "/v2/suspensions/?symbol=SBJU")).results;
    expect(newest).toMatchObject({
      symbol: "SBJU.JK",
      suspension_date: "2025-07-01",
      reason: "Annual financial statements not filed on time",
    });
    const bars = await ok(LATER, "/v2/daily/SBJU/?start=2025-06-16&end=2025-07-31");
    expect(bars.at(-1).date).toBe("2025-06-30");
    expect(await ok(LATER, "/v2/daily/SBJU/?start=2025-08-01&end=2025-08-29")).toEqual([]);
    const closes = async (date: string) =>
      (await walk((p) => get(LATER, p), `/v2/close/?date=${date}`, 30)).map((r: { symbol: string }) => r.symbol);
    expect(await closes("2025-06-30")).toContain("SBJU.JK");
    expect(await closes("2025-07-02")).not.toContain("SBJU.JK");
    expect((await ok(LATER, "/v2/broker-summary/SBJU/?start=2025-07-14&end=2025-07-25")).data).toEqual([]);
    const { overview } = await ok(LATER, "/v2/company/report/SBJU/?sections=overview");
    expect([overview.latest_close_date, overview.last_close_price]).toEqual(["2025-06-30", bars.at(-1).close]);
    expect(overview.market_cap).toBe(bars.at(-1).market_cap);
  });
});

describe("NDRG: losses, a quarter of exactly zero, then profit", () => {
  test("2022 all losses, Q1 2023 earnings exactly 0, profit in every quarter since", async () => {
    for (const e of EDITIONS) {
      const rows: { date: string; earnings: number }[] = await ok(TODAY, quarterly(e, "NDRG", "?n_quarters=1000"));
      const of = (from: string, to: string) => rows.filter((r) => r.date >= from && r.date <= to).map((r) => r.earnings);
      expect(of("2022-01-01", "2022-12-31")).toHaveLength(4);
      expect(of("2022-01-01", "2022-12-31").every((x) => x < 0)).toBe(true);
      expect(of("2023-03-31", "2023-03-31")).toEqual([0]);
      expect(of("2023-04-01", TODAY).every((x) => x > 0)).toBe(true);
    }
    const where = encodeURIComponent("symbol = 'NDRG' and earnings[2022] < 0 and earnings[2023] > 0");
    expect((await ok(TODAY, `/v2/companies/?where=${where}`)).results).toHaveLength(1);
  });

  test("loss-making while the last four quarters lose; no quarter growth over a zero", async () => {
    const tags = async (today: string) => (await ok(today, "/v2/company/report/NDRG/?sections=overview")).overview.tags;
    expect(await tags("2023-03-01")).toContain("loss-making");
    expect(await tags(TODAY)).not.toContain("loss-making");
    // On 2024-05-15 the latest quarter is Q1 2024, and Q1 2023 earned exactly 0.
    const { financials } = await ok("2024-05-15", "/v2/company/report/NDRG/?sections=financials");
    expect(financials.yoy_quarter_earnings_growth).toBeNull();
    expect(financials.yoy_quarter_revenue_growth).toEqual(expect.any(Number));
  });
});
