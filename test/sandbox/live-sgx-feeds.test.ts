// Live edition SGX feeds and lists: /v2/sgx/filings/, /news/, /short-sell/, /buybacks/,
// /subsectors/ and /tags/. They tell the story of the same companies as SGX_DAILY and SGX_REPORT:
// short sales and buybacks at the day's close and within the day's volume, filings whose holdings
// chain, articles quoting the reports' figures. Today is fixed at 2025-06-18 (a Wednesday).
import { plusDays, TODAY, tradingDays, useSandbox } from "./helpers";
import { expectEnvelope, walk } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const ok = async (path: string) => {
  const r = await api.get(path);
  expect({ path, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ path, status: 200, body: "ok" });
  return r.body;
};
const status = async (path: string) => (await api.get(path)).status;
const MONTH_AGO = plusDays(TODAY, -30);

/** The daily series of a symbol over the last month, by date. */
async function dailyOf(symbol: string): Promise<Map<string, { close: number; volume: number }>> {
  const rows = await ok(`/v2/sgx/daily/${symbol}/?start=${MONTH_AGO}&end=${TODAY}`);
  return new Map(rows.map((d: any) => [d.date, d]));
}

test("short sales: trading days of the window, newest first, a share of the day's volume at its close", async () => {
  const rows = await walk(api.get, `/v2/sgx/short-sell/?symbol=d05&start=${MONTH_AGO}&end=${TODAY}`, 30);
  const daily = await dailyOf("D05");
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort().reverse());
  for (const r of rows) {
    const day = daily.get(r.date)!;
    expect(tradingDays(MONTH_AGO, TODAY, "sgx")).toContain(r.date);
    expect(r).toMatchObject({ symbol: "D05", name: "DBS GROUP HOLDINGS" });
    expect(r.volume).toBeLessThanOrEqual(day.volume);
    expect(r.value).toBeCloseTo(r.volume * day.close, 2);
  }
});

test("buybacks: the day's close within the price range, the mandate's count and the treasury shares chained", async () => {
  const all = await walk(api.get, `/v2/sgx/buybacks/?start=${MONTH_AGO}`, 30);
  expect(all.length).toBeGreaterThan(0);
  const symbol = all[0].symbol;
  const own = (await walk(api.get, `/v2/sgx/buybacks/?symbol=${symbol}`, 30)).reverse();
  expect(own.length).toBeGreaterThan(1);
  const daily = await dailyOf(symbol);
  for (const [i, b] of own.entries()) {
    const m = b.mandate;
    expect(m.mandate_remaining).toBe(m.mandate_total - m.cumulative_purchased);
    expect(b.purchase_date >= m.mandate_start && b.purchase_date < m.mandate_end).toBe(true);
    const before = own[i - 1];
    if (!before) continue;
    expect(b.treasury_shares_after_purchase).toBe(before.treasury_shares_after_purchase + b.total_shares_purchased);
    if (before.mandate.mandate_start === m.mandate_start)
      expect(m.cumulative_purchased).toBe(before.mandate.cumulative_purchased + b.total_shares_purchased);
    const day = daily.get(b.purchase_date);
    if (day) expect(day.close).toBeGreaterThanOrEqual(b.price_per_share.lowest - 0.005);
    if (day) expect(day.close).toBeLessThanOrEqual(b.price_per_share.highest + 0.005);
  }
});

test("filings: each holder's holdings chain; a buy or sell at the day's close, an award without a price; filters in any case", async () => {
  const own = (await walk(api.get, "/v2/sgx/filings/?symbol=D05", 30)).reverse();
  expect(own.length).toBeGreaterThan(20);
  const last = new Map<string, number>();
  for (const f of own) {
    if (last.has(f.holder_name)) expect(f.holding_before).toBe(last.get(f.holder_name));
    last.set(f.holder_name, f.holding_after);
    expect(Math.abs(f.holding_after - f.holding_before)).toBe(f.amount_transaction);
    expect(f.price_per_share === null).toBe(!["buy", "sell"].includes(f.transaction_type));
  }
  const recent = own.filter((f) => f.timestamp >= MONTH_AGO && f.price_per_share !== null);
  const daily = await dailyOf("D05");
  for (const f of recent) expect(f.price_per_share).toBe(daily.get(f.timestamp)!.close);
  const awards = await ok("/v2/sgx/filings/?symbol=D05&transaction_type=AWARD&holder_type=Insider&limit=30");
  expect(awards.results.length).toBeGreaterThan(0);
  expect(awards.results.every((f: any) => f.transaction_type === "award" && f.holder_type === "insider")).toBe(true);
});

test("news: results stories quote the report's figures; symbols, sector, sub-sector, tags and the window filter", async () => {
  const report = await ok("/v2/sgx/company/report/D05/?sections=financials");
  const stories = await walk(api.get, "/v2/sgx/news/?symbols=D05&tags=Financial-Metrics", 30);
  const y2024 = stories.find((a) => a.title.includes("full-year 2024"));
  const revenue = report.financials.historical_financials["2024"].revenue;
  expect(y2024.body).toContain(`revenue of S$${(revenue / 1e6).toFixed(1)} million`);
  expect(y2024).toMatchObject({ sector: "financial-services", sub_sector: ["banks"], symbols: ["D05"] });
  const page = await ok(`/v2/sgx/news/?sector=Financial-Services&sub_sector=BANKS&start=2025-01-01&end=${TODAY}&limit=30`);
  expectEnvelope(page);
  expect(page.results.length).toBeGreaterThan(0);
  for (const a of page.results) {
    expect(a.sub_sector).toContain("banks");
    expect(a.timestamp >= "2025-01-01" && a.timestamp.slice(0, 10) <= TODAY).toBe(true);
  }
  const both = await ok("/v2/sgx/news/?symbols=D05,u11&limit=30");
  expect(new Set(both.results.flatMap((a: any) => a.symbols))).toEqual(new Set(["D05", "U11"]));
});

test("the lists: every company's sector and sub-sector as slugs; the tags the articles carry", async () => {
  const pairs = await ok("/v2/sgx/subsectors/");
  const sectors = await ok("/v2/sgx/sectors/");
  expect(new Set(pairs.map((p: any) => p.sector))).toEqual(new Set(sectors));
  expect(pairs).toContainEqual({ sector: "real-estate", subsector: "reit-retail" });
  const tags = (await ok("/v2/sgx/tags/")).tags;
  const articles = await walk(api.get, "/v2/sgx/news/", 30, 100);
  expect(tags).toEqual([...new Set(articles.flatMap((a) => a.tags))].sort());
});

test("a malformed symbol, a bad date and a future end are 400; an unknown symbol has nothing", async () => {
  for (const feed of ["filings", "short-sell", "buybacks"]) {
    expect(await status(`/v2/sgx/${feed}/?symbol=D05X1`)).toBe(400);
    expect(await status(`/v2/sgx/${feed}/?start=2025-02-30`)).toBe(400);
    expect(await status(`/v2/sgx/${feed}/?end=${plusDays(TODAY, 1)}`)).toBe(400);
    expect((await ok(`/v2/sgx/${feed}/?symbol=ZZZ`)).results).toEqual([]);
  }
  expect(await status("/v2/sgx/news/?symbols=D05,%24%24")).toBe(400);
});
