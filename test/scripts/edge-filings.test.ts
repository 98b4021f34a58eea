// The edge-filings stand-in keeps the provider's live rules strictly, and its rows have the edges
// they are there for: each test states one rule, with what it expects taken from the rows.

import { type EdgeFilings, startEdgeFilings } from "../../scripts/harness/edge-filings";
import {
  EDGE_FIELDS,
  EDGE_KEY,
  EDGE_ROWS,
  EDGE_TICKERS,
  EDGE_TODAY,
  type EdgeRow,
  type EdgeTicker,
} from "../../scripts/harness/edge-filings-data";

const servers: EdgeFilings[] = [];
const at = new Map<string, EdgeFilings>();

/** The stand-in as it is on `today` (one server per day, closed after all). */
async function serverOn(today = EDGE_TODAY): Promise<EdgeFilings> {
  if (!at.has(today)) {
    const server = await startEdgeFilings({ today, latencyMs: 0 });
    servers.push(server);
    at.set(today, server);
  }
  return at.get(today)!;
}

afterAll(() => Promise.all(servers.map((s) => s.close())));

interface Got {
  status: number;
  body: any;
  credits: number;
}

/** One GET with `headers` (the key by default): the answer and what the stand-in billed for it. */
async function get(path: string, options: { today?: string; headers?: Record<string, string>; method?: string } = {}): Promise<Got> {
  const server = await serverOn(options.today);
  const res = await fetch(`${server.url}${path}`, { method: options.method, headers: options.headers ?? { Authorization: EDGE_KEY } });
  const body = await res.json();
  return { status: res.status, body, credits: server.hits[server.hits.length - 1].credits };
}

const quarterly = (ticker: string, query = "", today?: string) => get(`/v2/financials/quarterly/${ticker}/${query}`, { today });
const dates = (ticker: string, query = "", today?: string) =>
  get(`/v2/company/get_quarterly_financial_dates/${ticker}/${query}`, { today });

/** A row as the service sends it. */
const wire = (row: EdgeRow) => ({ symbol: row.symbol, date: row.date, ...Object.fromEntries(EDGE_FIELDS.map((f) => [f, row[f]])) });
const publishedBy = (ticker: EdgeTicker, today: string) => EDGE_ROWS[ticker].filter((r) => r.published <= today);
const daysAfter = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
const row = (ticker: EdgeTicker, date: string, restatement?: EdgeRow["restatement"]) =>
  EDGE_ROWS[ticker].find((r) => r.date === date && r.restatement === restatement)!;

describe("the rows", () => {
  test("a row dated at its period end is published 45 days after it; one dated at its report date, on it", () => {
    for (const ticker of EDGE_TICKERS)
      for (const r of EDGE_ROWS[ticker])
        expect([r.date, r.published]).toEqual([r.date, r.date === r.periodEnd ? daysAfter(r.date, 45) : r.date]);
  });

  test("every row is its company's, with total_equity (minority interest included) apart from stockholders_equity", () => {
    for (const ticker of EDGE_TICKERS)
      for (const r of EDGE_ROWS[ticker]) {
        expect(r.symbol).toBe(`${ticker}.JK`);
        expect(r.total_equity).toBeGreaterThan(r.stockholders_equity);
      }
  });

  test("each company's quarters run without a gap, but GAPQ's 2024Q2 and the quarters after STOP's 2024Q3", () => {
    const quarterEnds = (from: string, to: string) => {
      const out: string[] = [];
      for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
        for (const end of ["03-31", "06-30", "09-30", "12-31"]) if (`${y}-${end}` >= from && `${y}-${end}` <= to) out.push(`${y}-${end}`);
      return out;
    };
    const periods = (ticker: EdgeTicker) => [...new Set(EDGE_ROWS[ticker].map((r) => r.periodEnd))];
    for (const ticker of ["NORM", "RSTD", "LATE", "SWNG"] as const)
      expect(periods(ticker)).toEqual(quarterEnds("2022-03-31", "2026-09-30"));
    expect(periods("JNFY")).toEqual(quarterEnds("2022-09-30", "2026-09-30"));
    expect(periods("GAPQ")).toEqual(quarterEnds("2022-03-31", "2026-09-30").filter((d) => d !== "2024-06-30"));
    expect(periods("STOP")).toEqual(quarterEnds("2022-03-31", "2024-09-30"));
  });

  test("JNFY's fiscal 2024 (July 2023 to June 2024) has revenue 15,000, its calendar 2024 17,000", () => {
    const revenue = (rows: readonly EdgeRow[]) => rows.reduce((sum, r) => sum + r.revenue, 0);
    expect(revenue(EDGE_ROWS.JNFY.filter((r) => r.fiscalYear === 2024))).toBe(15_000);
    expect(revenue(EDGE_ROWS.JNFY.filter((r) => r.periodEnd.startsWith("2024")))).toBe(17_000);
    expect(EDGE_ROWS.JNFY.filter((r) => r.fiscalYear === 2024).map((r) => [r.periodEnd, r.label])).toEqual([
      ["2023-09-30", "q1"],
      ["2023-12-31", "q2"],
      ["2024-03-31", "q3"],
      ["2024-06-30", "q4"],
    ]);
  });

  test("SWNG's earnings are 0 in 2023Q4, a loss in every 2024 quarter and a profit from 2025, on positive revenue", () => {
    const earnings = (year: string) => EDGE_ROWS.SWNG.filter((r) => r.date.startsWith(year)).map((r) => r.earnings);
    expect(row("SWNG", "2023-12-31").earnings).toBe(0);
    expect(earnings("2024").every((e) => e < 0)).toBe(true);
    expect([...earnings("2025"), ...earnings("2026")].every((e) => e > 0)).toBe(true);
    expect(EDGE_ROWS.SWNG.every((r) => r.revenue > 0)).toBe(true);
  });
});

describe("auth", () => {
  test.each([
    ["no key", {}],
    ["the key after Bearer", { Authorization: `Bearer ${EDGE_KEY}` }],
    ["another key", { Authorization: EDGE_KEY.replace(/^./, "0") }],
  ])("%s: 401 with an error, billed nothing", async (_, headers) => {
    const got = await get("/v2/financials/quarterly/NORM/", { headers });
    expect(got).toEqual({ status: 401, body: { error: expect.any(String) }, credits: 0 });
  });

  test("the raw key is let in", async () => {
    expect((await quarterly("NORM")).status).toBe(200);
  });

  test("a stand-in started with its own key wants that one", async () => {
    const server = await startEdgeFilings({ apiKey: "another-key", latencyMs: 0 });
    try {
      const ask = (key: string) => fetch(`${server.url}/v2/financials/quarterly/NORM/`, { headers: { Authorization: key } });
      expect([(await ask(EDGE_KEY)).status, (await ask("another-key")).status]).toEqual([401, 200]);
    } finally {
      await server.close();
    }
  });
});

describe("the quarterly statements", () => {
  test("without parameters: the latest published row only, billed one credit", async () => {
    expect(await quarterly("NORM")).toEqual({ status: 200, body: [wire(row("NORM", "2026-09-30"))], credits: 1 });
  });

  test("the symbol in any case, with or without .JK", async () => {
    for (const symbol of ["norm", "NORM.JK", "Norm.jk"]) expect((await quarterly(symbol)).body).toEqual([wire(row("NORM", "2026-09-30"))]);
  });

  test("n_quarters: the latest N rows, newest first, a credit each", async () => {
    const got = await quarterly("NORM", "?n_quarters=4");
    expect(got.body.map((r: EdgeRow) => r.date)).toEqual(["2026-09-30", "2026-06-30", "2026-03-31", "2025-12-31"]);
    expect(got.body).toEqual(got.body.map((r: EdgeRow) => wire(row("NORM", r.date))));
    expect(got.credits).toBe(4);
  });

  test("n_quarters past the rows there are: every published row", async () => {
    const got = await quarterly("STOP", "?n_quarters=100");
    expect(got.body).toHaveLength(EDGE_ROWS.STOP.length);
    expect(got.credits).toBe(EDGE_ROWS.STOP.length);
  });

  test("n_quarters counts rows: a quarter listed twice is two of them, in the data's order", async () => {
    // On 2025-01-31 RSTD's newest are the 2024-11-15 restatement of Q2 and 2024-09-30 twice.
    const got = await quarterly("RSTD", "?n_quarters=3", "2025-01-31");
    expect(got.body).toEqual([
      wire(row("RSTD", "2024-11-15", "restated")),
      wire(row("RSTD", "2024-09-30", "restated")),
      wire(row("RSTD", "2024-09-30", "original")),
    ]);
    expect(got.body.map((r: EdgeRow) => r.revenue)).toEqual([950, 1100, 1000]);
    expect(got.credits).toBe(3);
  });

  test("rows are newest first by their date, whatever their quarter (LATE's 2025Q2 after 2025Q1, before 2025Q3)", async () => {
    const got = await quarterly("LATE", "?n_quarters=100");
    const expected = [...publishedBy("LATE", EDGE_TODAY)]
      .map((r) => r.date)
      .sort()
      .reverse();
    expect(got.body.map((r: EdgeRow) => r.date)).toEqual(expected);
    expect(expected.slice(expected.indexOf("2025-10-30"), expected.indexOf("2025-04-28") + 1)).toEqual([
      "2025-10-30",
      "2025-10-06",
      "2025-04-28",
    ]);
  });

  test("report_date with approx=false: the rows of exactly that date, both of a date listed twice", async () => {
    const got = await quarterly("RSTD", "?report_date=2024-09-30&approx=false");
    expect(got.body).toEqual([wire(row("RSTD", "2024-09-30", "restated")), wire(row("RSTD", "2024-09-30", "original"))]);
    expect(got.credits).toBe(2);
  });

  test("report_date with approx=false and no row of that date: 404, billed one credit", async () => {
    // LATE's rows are dated at report dates: none at 2025-06-30, its Q2's end.
    expect(await quarterly("LATE", "?report_date=2025-06-30&approx=false")).toEqual({
      status: 404,
      body: { error: expect.any(String) },
      credits: 1,
    });
  });

  test("report_date, approx by default: the row of the closest date", async () => {
    // LATE: 2025-04-28 is 63 days before 2025-06-30, 2025-10-06 98 days after.
    expect((await quarterly("LATE", "?report_date=2025-06-30")).body).toEqual([wire(row("LATE", "2025-04-28"))]);
    expect((await quarterly("LATE", "?report_date=2025-06-30&approx=true")).body).toEqual([wire(row("LATE", "2025-04-28"))]);
  });

  test("report_date, approx: a tie goes to the earlier date", async () => {
    // 2026-02-14 is 45 days after 2025-12-31 and 45 days before 2026-03-31.
    expect((await quarterly("NORM", "?report_date=2026-02-14")).body).toEqual([wire(row("NORM", "2025-12-31"))]);
    expect((await quarterly("NORM", "?report_date=2026-02-15")).body).toEqual([wire(row("NORM", "2026-03-31"))]);
  });

  test("report_date, approx: every row of the closest date, a credit each", async () => {
    // 2024-10-20 is 20 days after 2024-09-30 (two rows), 26 before 2024-11-15.
    const got = await quarterly("RSTD", "?report_date=2024-10-20");
    expect(got.body).toEqual([wire(row("RSTD", "2024-09-30", "restated")), wire(row("RSTD", "2024-09-30", "original"))]);
    expect(got.credits).toBe(2);
  });

  test("report_date, approx: only published rows are candidates", async () => {
    // NORM's 2026-09-30 row is published on 2026-11-14: the day before, 2026-06-30 is the closest.
    expect((await quarterly("NORM", "?report_date=2026-10-01", "2026-11-13")).body).toEqual([wire(row("NORM", "2026-06-30"))]);
    expect((await quarterly("NORM", "?report_date=2026-10-01", "2026-11-14")).body).toEqual([wire(row("NORM", "2026-09-30"))]);
  });

  test("n_quarters overrides report_date and approx", async () => {
    const got = await quarterly("NORM", "?n_quarters=2&report_date=2023-01-01&approx=false");
    expect(got.body.map((r: EdgeRow) => r.date)).toEqual(["2026-09-30", "2026-06-30"]);
  });

  test.each([
    ["n_quarters=0"],
    ["n_quarters=-1"],
    ["n_quarters=1.5"],
    ["n_quarters=four"],
    ["n_quarters="],
    ["report_date=2024-13-01"],
    ["report_date=2024-02-30"],
    ["report_date=2024/03/31"],
    ["report_date=31-03-2024"],
    ["report_date="],
    ["approx=maybe"],
    ["approx=1"],
    ["period=q1"],
    ["n_quarters=2&n_quarters=3"],
  ])("?%s: 400 with an error, billed nothing", async (query) => {
    expect(await quarterly("NORM", `?${query}`)).toEqual({ status: 400, body: { error: expect.any(String) }, credits: 0 });
  });

  test("an unknown symbol: 404, billed one credit", async () => {
    for (const symbol of ["ABCD", "NORMX", "BB"])
      expect(await quarterly(symbol)).toEqual({ status: 404, body: { error: expect.any(String) }, credits: 1 });
  });

  test("a company with nothing published by today: 404, billed one credit", async () => {
    expect(await quarterly("STOP", "?n_quarters=4", "2022-05-14")).toEqual({
      status: 404,
      body: { error: expect.any(String) },
      credits: 1,
    });
    expect((await quarterly("STOP", "?n_quarters=4", "2022-05-15")).body).toEqual([wire(row("STOP", "2022-03-31"))]);
  });

  test.each(["2022-08-14", "2024-11-14", "2024-11-15", "2025-10-05", "2025-10-06", "2026-11-13", EDGE_TODAY])(
    "on %s every company serves exactly its rows published by then",
    async (today) => {
      for (const ticker of EDGE_TICKERS) {
        const got = await quarterly(ticker, "?n_quarters=100", today);
        const expected = publishedBy(ticker, today);
        // JNFY's first row is published on 2022-11-14: before, nothing matches.
        expect([ticker, got.status]).toEqual([ticker, expected.length ? 200 : 404]);
        const served = got.status === 200 ? got.body.map((r: EdgeRow) => JSON.stringify(r)) : [];
        expect(new Set(served)).toEqual(new Set(expected.map((r) => JSON.stringify(wire(r)))));
        expect(served).toHaveLength(expected.length);
      }
    },
  );

  test("the path ends with a slash", async () => {
    expect(await get("/v2/financials/quarterly/NORM")).toEqual({ status: 404, body: { error: expect.any(String) }, credits: 1 });
  });
});

describe("the fiscal-dates feed", () => {
  /** The feed's pairs as sorted text, to compare without their order. */
  const sortedPairs = (pairs: [string, string][]) => pairs.map((p) => p.join(" ")).sort();

  test.each(EDGE_TICKERS)("%s: each published (date, label) once, under the calendar year of the date", async (ticker) => {
    const got = await dates(ticker);
    const expected: Record<string, string[]> = {};
    for (const r of publishedBy(ticker, EDGE_TODAY)) {
      const pair = `${r.date} ${r.label}`;
      expected[r.date.slice(0, 4)] ??= [];
      if (!expected[r.date.slice(0, 4)].includes(pair)) expected[r.date.slice(0, 4)].push(pair);
    }
    expect(got.status).toBe(200);
    expect(Object.fromEntries(Object.entries(got.body).map(([year, pairs]) => [year, sortedPairs(pairs as [string, string][])]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([year, pairs]) => [year, pairs.sort()])),
    );
    expect(got.credits).toBe(1);
  });

  test("the labels are the company's fiscal quarters, and edge dates stand where they fall", async () => {
    const feed = async (ticker: string) => (await dates(ticker)).body as Record<string, [string, string][]>;
    expect(sortedPairs((await feed("JNFY"))["2024"])).toEqual(["2024-03-31 q3", "2024-06-30 q4", "2024-09-30 q1", "2024-12-31 q2"]);
    expect(sortedPairs((await feed("RSTD"))["2024"])).toEqual([
      "2024-03-31 q1",
      "2024-06-30 q2",
      "2024-09-30 q3",
      "2024-11-15 q2",
      "2024-12-31 q4",
    ]);
    expect(sortedPairs((await feed("LATE"))["2023"])).toEqual(["2023-03-25 q4", "2023-04-28 q1", "2023-07-29 q2", "2023-10-30 q3"]);
    expect(sortedPairs((await feed("GAPQ"))["2024"])).toEqual(["2024-03-31 q1", "2024-09-30 q3", "2024-12-31 q4"]);
    expect(Object.keys(await feed("STOP"))).toEqual(["2022", "2023", "2024"]);
  });

  test("a row published after today is in neither the statements nor the feed", async () => {
    const before = (await dates("NORM", "", "2026-11-13")).body as Record<string, [string, string][]>;
    const on = (await dates("NORM", "", "2026-11-14")).body as Record<string, [string, string][]>;
    expect(sortedPairs(before["2026"])).toEqual(["2026-03-31 q1", "2026-06-30 q2"]);
    expect(sortedPairs(on["2026"])).toEqual(["2026-03-31 q1", "2026-06-30 q2", "2026-09-30 q3"]);
    const late = (await dates("LATE", "", "2025-10-05")).body as Record<string, [string, string][]>;
    expect(sortedPairs(late["2025"])).toEqual(["2025-03-25 q4", "2025-04-28 q1"]);
  });

  test("a year of three pairs or more is never in date order, either way", async () => {
    for (const ticker of EDGE_TICKERS)
      for (const [year, pairs] of Object.entries((await dates(ticker)).body as Record<string, [string, string][]>)) {
        if (pairs.length < 3) continue;
        const days = pairs.map(([d]) => d);
        expect([ticker, year, days]).not.toEqual([ticker, year, [...days].sort()]);
        expect([ticker, year, days]).not.toEqual([ticker, year, [...days].sort().reverse()]);
      }
  });

  test("the same order on every call", async () => {
    expect((await dates("RSTD")).body).toEqual((await dates("RSTD")).body);
  });

  test("any parameter: 400, billed nothing", async () => {
    expect(await dates("NORM", "?year=2024")).toEqual({ status: 400, body: { error: expect.any(String) }, credits: 0 });
  });

  test("an unknown symbol: 404, billed one credit", async () => {
    expect(await dates("ABCD")).toEqual({ status: 404, body: { error: expect.any(String) }, credits: 1 });
  });
});

describe("other paths and methods", () => {
  test.each(["/v1/subsectors/", "/v1/financials/quarterly/NORM/", "/v1"])("%s: 410 v1_discontinued, billed nothing", async (path) => {
    expect(await get(path)).toEqual({ status: 410, body: { code: "v1_discontinued", error: expect.any(String) }, credits: 0 });
  });

  test("another path: 404, billed one credit", async () => {
    expect(await get("/v2/companies/quarterly-financial-dates/")).toEqual({ status: 404, body: { error: expect.any(String) }, credits: 1 });
  });

  test("another method: 405, billed nothing", async () => {
    expect(await get("/v2/financials/quarterly/NORM/", { method: "POST", headers: { Authorization: EDGE_KEY } })).toEqual({
      status: 405,
      body: { error: expect.any(String) },
      credits: 0,
    });
  });
});

test("every request is recorded: its path without the query, the query, the status and the credits", async () => {
  const server = await startEdgeFilings({ today: "2025-01-31" });
  try {
    const ask = (path: string) => fetch(`${server.url}${path}`, { headers: { Authorization: EDGE_KEY } }).then((r) => r.json());
    await ask("/v2/financials/quarterly/rstd.jk/?n_quarters=3&approx=false");
    await ask("/v2/company/get_quarterly_financial_dates/GAPQ/");
    await ask("/v1/subsectors/");
    expect(server.hits).toEqual([
      { path: "/v2/financials/quarterly/rstd.jk/", query: { n_quarters: "3", approx: "false" }, status: 200, credits: 3 },
      { path: "/v2/company/get_quarterly_financial_dates/GAPQ/", query: {}, status: 200, credits: 1 },
      { path: "/v1/subsectors/", query: {}, status: 410, credits: 0 },
    ]);
  } finally {
    await server.close();
  }
});

test("a day that is not one is refused at start", async () => {
  await expect(startEdgeFilings({ today: "2026-02-30" })).rejects.toThrow(/today must be a day written YYYY-MM-DD, got 2026-02-30/);
});
