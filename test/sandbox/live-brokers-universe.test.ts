// Live edition: the broker registry and rankings, and the lists over the whole IDX universe. Every
// figure comes from data another endpoint serves: a broker's activity is the broker summary's rows
// seen from the broker, the rankings add them up, the closes are /v2/daily/'s, the report dates
// /v2/financials/quarterly/'s. Today is fixed at 2025-06-18 (a Wednesday).
import { TODAY, useSandbox } from "./helpers";
import { walk } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const ok = async (path: string) => {
  const r = await api.get(path);
  expect({ path, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ path, status: 200, body: "ok" });
  return r.body;
};
const status = async (path: string) => (await api.get(path)).status;
const WINDOW = "start=2025-06-02&end=2025-06-13";

describe("brokers", () => {
  test("/v2/brokers/: the registry, filtered by origin and cohort in any case", async () => {
    const all = await ok("/v2/brokers/");
    expect(Object.keys(all[0])).toEqual(["code", "name", "is_foreign", "cohort", "license_type"]);
    const foreign = await ok("/v2/brokers/?origin=FOREIGN");
    expect(foreign.length).toBeGreaterThan(0);
    expect(foreign).toEqual(all.filter((b: any) => b.is_foreign));
    expect(await ok("/v2/brokers/?cohort=retail&origin=domestic")).toEqual(all.filter((b: any) => b.cohort === "retail" && !b.is_foreign));
  });

  test("/v2/broker-activity/{code}/: the broker summary's rows of that broker, per day and stock", async () => {
    const activity = await ok(`/v2/broker-activity/cc/?${WINDOW}&symbol=BBCA`);
    expect([activity.broker_code, activity.start, activity.end]).toEqual(["CC", "2025-06-02", "2025-06-13"]);
    const summary = await ok(`/v2/broker-summary/BBCA/?${WINDOW}&broker_code=CC`);
    expect(activity.data.length).toBeGreaterThan(0);
    expect(activity.data).toEqual(
      summary.data.map((d: any) => ({
        date: d.date,
        summary: d.summary.map(({ broker_code, ...row }: any) => ({ symbol: "BBCA.JK", ...row })),
      })),
    );
    expect(await status("/v2/broker-activity/QQ/")).toBe(404);
    expect(await status("/v2/broker-activity/CC/?end=2099-01-01")).toBe(400);
  });

  test("/v2/broker-summary/{symbol}/top/: the window's net per broker, buyers then sellers, filtered by origin", async () => {
    const top = await ok(`/v2/broker-summary/BBCA/top/?${WINDOW}&n_brokers=90`);
    const summary = await ok(`/v2/broker-summary/BBCA/?${WINDOW}`);
    const net = new Map<string, number>();
    for (const day of summary.data) for (const b of day.summary) net.set(b.broker_code, (net.get(b.broker_code) ?? 0) + b.nval);
    for (const b of [...top.top_buyers, ...top.top_sellers]) expect(b.net_idr).toBe(net.get(b.broker_code));
    const nets = top.top_buyers.map((b: any) => b.net_idr);
    expect(nets.every((n: number) => n > 0) && [...nets].sort((a, b) => b - a).join() === nets.join()).toBe(true);
    expect(top.top_sellers.every((b: any) => b.net_idr < 0)).toBe(true);
    const foreign = new Set((await ok("/v2/brokers/?origin=foreign")).map((b: any) => b.code));
    const onlyForeign = await ok(`/v2/broker-summary/BBCA/top/?${WINDOW}&origin=foreign&n_brokers=2`);
    expect(onlyForeign.top_buyers.length).toBeLessThanOrEqual(2);
    expect([...onlyForeign.top_buyers, ...onlyForeign.top_sellers].every((b: any) => foreign.has(b.broker_code))).toBe(true);
  });

  test("/v2/broker-activity/{code}/top/ and /v2/brokers/top/: rankings of the same trades", async () => {
    const top = await ok(`/v2/broker-activity/CC/top/?${WINDOW}&n_brokers=3`);
    expect(top.top_accumulations.map((s: any) => s.rank)).toEqual([1, 2, 3].slice(0, top.top_accumulations.length));
    for (const s of top.top_accumulations) expect(s.net_idr).toBe(s.buy_idr - s.sell_idr);
    const day = await ok("/v2/brokers/top/?date=2025-06-13&metric=net");
    expect([day.date, day.metric, day.origin, day.cohort]).toEqual(["2025-06-13", "net", "all", "all"]);
    const nets = day.results.map((b: any) => Math.abs(b.net));
    expect([...nets].sort((a, b) => b - a)).toEqual(nets);
    // Every trade has a buyer and a seller: across all brokers the day's net is zero.
    expect(day.results.reduce((s: number, b: any) => s + b.net, 0)).toBe(0);
    expect((await ok("/v2/brokers/top/")).date).toBe(TODAY);
    expect(await status("/v2/brokers/top/?date=2025-06-14")).toBe(404);
    expect(await status("/v2/brokers/top/?date=2025-06-19")).toBe(400);
  });
});

describe("the IDX universe", () => {
  test("/v2/close/: every ticker's close of the day, /v2/daily/'s, paged by symbol", async () => {
    const first = await ok("/v2/close/?date=2025-06-13&limit=10");
    expect(first.results).toHaveLength(10);
    expect(first.pagination).toMatchObject({ limit: 10, offset: 0, has_next: true, next_offset: 10 });
    const { symbol, close } = first.results[3];
    const [bar] = await ok(`/v2/daily/${symbol.replace(".JK", "")}/?start=2025-06-13&end=2025-06-13`);
    expect(close).toBe(bar.close);
    const symbols = first.results.map((r: any) => r.symbol);
    expect([...symbols].sort()).toEqual(symbols);
    expect((await ok("/v2/close/?date=2025-06-14")).results).toEqual([]);
    expect((await ok("/v2/close/")).results[0].date).toBe(TODAY);
    expect(await status("/v2/close/?date=2025-06-19")).toBe(400);
  });

  test("/v2/companies/quarterly-financial-dates/: each company's latest quarter, QUARTERLY's; since and year", async () => {
    const all = await walk(api.get, "/v2/companies/quarterly-financial-dates/", 30);
    const [latest] = await ok("/v2/financials/quarterly/BBCA/?n_quarters=1");
    expect(all.find((r: any) => r.symbol === "BBCA.JK")).toEqual({ symbol: "BBCA.JK", date: latest.date, quarter: "q1" });
    // `since` keeps the companies whose latest row is on or after it: all but the one that stopped
    // filing in 2024 have this year's first quarter, and one company dates rows at the filing day.
    const since = await walk(api.get, `/v2/companies/quarterly-financial-dates/?since=${latest.date}`, 30);
    expect(since).toEqual(all.filter((r: any) => r.date >= latest.date));
    expect(all.length - since.length).toBe(1);
    expect((await ok("/v2/companies/quarterly-financial-dates/?since=2025-04-01")).results).toEqual(
      all.filter((r: any) => r.date >= "2025-04-01"),
    );
    expect((await ok("/v2/companies/quarterly-financial-dates/?since=2025-05-01")).results).toEqual([]);
    expect((await ok("/v2/companies/quarterly-financial-dates/?year=2024")).results[0]).toMatchObject({
      date: "2024-12-31",
      quarter: "q4",
    });
  });

  test("/v2/suspensions/: seeded days up to today, newest first, by symbol and window", async () => {
    const all = await ok("/v2/suspensions/?limit=30");
    const days = all.results.map((s: any) => s.suspension_date);
    expect(days.length).toBeGreaterThan(0);
    expect([...days].sort().reverse()).toEqual(days);
    expect(days.every((d: string) => d <= TODAY)).toBe(true);
    const one = all.results[0].symbol;
    const own = await ok(`/v2/suspensions/?symbol=${one.replace(".JK", "").toLowerCase()}&limit=30`);
    expect(own.results.every((s: any) => s.symbol === one)).toBe(true);
    const window = await ok("/v2/suspensions/?start=2024-01-01&end=2024-12-31&limit=30");
    expect(window.results.every((s: any) => s.suspension_date.startsWith("2024-"))).toBe(true);
    expect(await status("/v2/suspensions/?end=2025-06-19")).toBe(400);
  });
});
