// Filings and news (spec 4.1, 4.2): n / page / page_size, filters, ordering and the internal
// consistency of each filing's numbers.
import { useSandbox } from "./helpers";

const api = useSandbox();
const FOUR_DECIMALS = /^\d+\.\d{4}$/;

function newestFirst(rows: { timestamp: string }[]) {
  for (let i = 1; i < rows.length; i++) expect(rows[i - 1].timestamp >= rows[i].timestamp).toBe(true);
}

describe.each(["filings", "news"])("/v1/%s/ top-N and pagination", (feed) => {
  const path = `/v1/${feed}/`;

  test("default is the 20 most recent, newest first, none after today", async () => {
    const r = await api.get(path);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(20);
    newestFirst(r.body);
    expect(r.body[0].timestamp.slice(0, 10) <= "2025-06-18").toBe(true);
  });

  test("n picks the top N; max 30; bad n is 400", async () => {
    const all = (await api.get(`${path}?n=30`)).body;
    expect(all).toHaveLength(30);
    expect((await api.get(`${path}?n=5`)).body).toEqual(all.slice(0, 5));
    expect((await api.get(`${path}?n=100`)).body).toHaveLength(30);
    for (const n of ["0", "-3", "abc", "2.5"]) {
      const r = await api.get(`${path}?n=${n}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: "Invalid format. The 'n' parameter must be a positive integer." });
    }
  });

  test("n overrides page and page_size", async () => {
    const top = (await api.get(`${path}?n=30`)).body;
    expect((await api.get(`${path}?n=3&page=4&page_size=7`)).body).toEqual(top.slice(0, 3));
  });

  test("page/page_size walk the same newest-first order; page_size capped at 30", async () => {
    const top = (await api.get(`${path}?n=30`)).body;
    expect((await api.get(`${path}?page=1&page_size=10`)).body).toEqual(top.slice(0, 10));
    expect((await api.get(`${path}?page=3&page_size=10`)).body).toEqual(top.slice(20, 30));
    const page2 = (await api.get(`${path}?page=2`)).body; // default page_size 20
    expect(page2).toHaveLength(20);
    expect(page2.slice(0, 10)).toEqual(top.slice(20, 30));
    expect((await api.get(`${path}?page=1&page_size=100`)).body).toHaveLength(30);
    expect((await api.get(`${path}?page=0`)).status).toBe(400);
  });

  test("start/end bound the timestamp day, inclusive", async () => {
    const r = await api.get(`${path}?start=2023-03-01&end=2023-03-31&n=30`);
    expect(r.body.length).toBeGreaterThan(3);
    for (const row of r.body) expect(row.timestamp.slice(0, 10) >= "2023-03-01" && row.timestamp.slice(0, 10) <= "2023-03-31").toBe(true);
    const bad = await api.get(`${path}?start=2023-3-1`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "Use a valid date format of YYYY-MM-DD for 'start' and 'end'." });
  });

  test("tickers: comma list, with or without .JK, any case", async () => {
    const a = (await api.get(`${path}?tickers=BBCA.JK,TLKM.JK&n=30`)).body;
    const b = (await api.get(`${path}?tickers=bbca,tlkm&n=30`)).body;
    expect(a).toEqual(b);
    expect(a.length).toBe(30);
    for (const row of a) expect(row.tickers.some((t: string) => t === "BBCA.JK" || t === "TLKM.JK")).toBe(true);
    const seen = new Set(a.flatMap((row: { tickers: string[] }) => row.tickers));
    expect(seen.has("BBCA.JK") && seen.has("TLKM.JK")).toBe(true);
  });

  test("sector is an exact match; tags match any listed tag", async () => {
    const energy = (await api.get(`${path}?sector=energy&n=30`)).body;
    expect(energy.length).toBe(30);
    for (const row of energy) expect(row.sector).toBe("energy");
    expect((await api.get(`${path}?sector=Energy`)).body).toEqual([]);
    const tagged = (await api.get(`${path}?tags=bearish,dividend&n=30`)).body;
    expect(tagged.length).toBe(30);
    for (const row of tagged) expect(row.tags.some((t: string) => t === "bearish" || t === "dividend")).toBe(true);
  });

  test("unknown sub_sector is 400 naming it", async () => {
    const r = await api.get(`${path}?sub_sector=bad-sub`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: "Invalid sub_sector provided: bad-sub." });
  });
});

describe("/v1/filings/", () => {
  test("sub_sector is a single exact string; transaction_type filters", async () => {
    const banks = (await api.get("/v1/filings/?sub_sector=banks&transaction_type=sell&n=30")).body;
    expect(banks.length).toBe(30);
    for (const f of banks) {
      expect(f.sub_sector).toBe("banks");
      expect(f.transaction_type).toBe("sell");
    }
    const bad = await api.get("/v1/filings/?transaction_type=hold");
    expect(bad.body).toEqual({ error: "Invalid transaction_type provided: hold. Use 'buy' or 'sell'." });
  });

  test("numbers of each filing agree with each other", async () => {
    for (let page = 1; page <= 5; page++) {
      for (const f of (await api.get(`/v1/filings/?page=${page}&page_size=30`)).body) {
        const { prices, amount_transacted } = f.price_transaction;
        expect(prices.length).toBe(amount_transacted.length);
        const moved = amount_transacted.reduce((s: number, a: number) => s + a, 0);
        const value = prices.reduce((s: number, p: number, i: number) => s + p * amount_transacted[i], 0);
        expect(moved).toBe(f.amount_transaction);
        expect(f.holding_after - f.holding_before).toBe(f.transaction_type === "buy" ? moved : -moved);
        expect(f.price).toMatch(FOUR_DECIMALS);
        expect(f.transaction_value).toMatch(FOUR_DECIMALS);
        expect(f.transaction_value).toBe(value.toFixed(4));
        expect(f.price).toBe((value / moved).toFixed(4));
        expect(f.share_percentage_after).toBeGreaterThan(0);
        expect(f.tickers).toHaveLength(1);
        expect(f.tickers[0]).toMatch(/^[A-Z]{4}\.JK$/);
        expect(f.uid).toBeNull();
        expect(f.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      }
    }
  });

  test("a holder's position chains from one filing to the next", async () => {
    const rows: any[] = [];
    for (let page = 1; page <= 4; page++) rows.push(...(await api.get(`/v1/filings/?tickers=BBCA&page=${page}&page_size=30`)).body);
    const byHolder = new Map<string, any[]>();
    for (const f of rows.reverse()) byHolder.set(f.holder_name, [...(byHolder.get(f.holder_name) ?? []), f]);
    let links = 0;
    for (const list of byHolder.values()) {
      for (let i = 1; i < list.length; i++, links++) expect(list[i].holding_before).toBe(list[i - 1].holding_after);
    }
    expect(links).toBeGreaterThan(20);
  });

  test("filings spread over every year since 2019", async () => {
    for (let year = 2019; year <= 2025; year++) {
      expect((await api.get(`/v1/filings/?start=${year}-01-01&end=${year}-12-31&n=30`)).body).toHaveLength(30);
    }
  });
});

describe("/v1/news/", () => {
  test("sub_sector takes a comma list; items carry the dimension object", async () => {
    const rows = (await api.get("/v1/news/?sub_sector=banks,oil-gas-coal&n=30")).body;
    expect(rows.length).toBe(30);
    for (const a of rows) {
      expect(a.sub_sector.some((s: string) => s === "banks" || s === "oil-gas-coal")).toBe(true);
      expect(Object.keys(a.dimension).sort()).toEqual([
        "dividend",
        "financials",
        "future",
        "management",
        "ownership",
        "sustainability",
        "technical",
        "valuation",
      ]);
      for (const v of Object.values(a.dimension)) expect(Number.isInteger(v)).toBe(true);
    }
  });

  test("market-wide stories have no tickers", async () => {
    const rows: any[] = [];
    for (let page = 1; page <= 3; page++) rows.push(...(await api.get(`/v1/news/?page=${page}&page_size=30`)).body);
    expect(rows.some((a) => a.tickers.length === 0)).toBe(true);
    expect(rows.some((a) => a.tickers.length === 1)).toBe(true);
  });

  test("every tag used is offered by /v1/tags/", async () => {
    const tags = new Set((await api.get("/v1/tags/")).body);
    const rows = [...(await api.get("/v1/news/?n=30")).body, ...(await api.get("/v1/filings/?n=30")).body];
    for (const row of rows) for (const t of row.tags) expect(tags.has(t)).toBe(true);
  });
});
