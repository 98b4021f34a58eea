// Index daily window rules (spec 4.18) with a fixed today of 2025-06-18.
import { INDEX_CODES } from "../../shared/catalogue/vocabularies";
import { plusDays, TODAY, tradingDays, useSandbox } from "./helpers";

const api = useSandbox();
const dates = (body: { date: string }[]) => body.map((r) => r.date);

describe("index daily windows", () => {
  test("start and end within 90 days: every trading day in between, inclusive", async () => {
    const r = await api.get("/v1/index-daily/lq45/?start=2024-01-01&end=2024-02-29");
    expect(r.status).toBe(200);
    expect(dates(r.body)).toEqual(tradingDays("2024-01-01", "2024-02-29"));
  });

  test("span of exactly 90 days is kept whole", async () => {
    const r = await api.get("/v1/index-daily/ihsg/?start=2024-01-01&end=2024-03-31");
    expect(dates(r.body)).toEqual(tradingDays("2024-01-01", "2024-03-31"));
  });

  test("start more than 90 days before end: only the 90 days ending at end", async () => {
    const r = await api.get("/v1/index-daily/ihsg/?start=2023-01-01&end=2024-06-30");
    expect(dates(r.body)).toEqual(tradingDays(plusDays("2024-06-30", -90), "2024-06-30"));
    expect(r.body[0].date).toBe("2024-04-01");
  });

  test("only end: start is 30 days before it", async () => {
    const r = await api.get("/v1/index-daily/idx30/?end=2024-03-15");
    expect(dates(r.body)).toEqual(tradingDays("2024-02-14", "2024-03-15"));
  });

  test("only start: end is 30 days after it", async () => {
    const r = await api.get("/v1/index-daily/idx30/?start=2024-03-01");
    expect(dates(r.body)).toEqual(tradingDays("2024-03-01", "2024-03-31"));
    // 2024-03-29 was Good Friday, a holiday of IDX.
    expect(r.body.at(-1).date).toBe("2024-03-28");
  });

  test("neither: the 30 days up to today", async () => {
    const r = await api.get("/v1/index-daily/sti/");
    expect(dates(r.body)).toEqual(tradingDays(plusDays(TODAY, -30), TODAY, "sgx"));
    expect(r.body.at(-1).date).toBe(TODAY);
  });

  test("never data after today", async () => {
    const r = await api.get("/v1/index-daily/lq45/?start=2025-06-01&end=2025-07-15");
    expect(dates(r.body)).toEqual(tradingDays("2025-06-01", TODAY));
    const future = await api.get("/v1/index-daily/lq45/?start=2025-07-01&end=2025-07-20");
    expect(future.status).toBe(200);
    expect(future.body).toEqual([]);
  });

  test("data only from 2019-01-02", async () => {
    const r = await api.get("/v1/index-daily/ihsg/?start=2018-12-01&end=2019-01-15");
    expect(dates(r.body)).toEqual(tradingDays("2019-01-02", "2019-01-15"));
    const before = await api.get("/v1/index-daily/ihsg/?start=2018-01-01&end=2018-12-31");
    expect(before.status).toBe(400);
    expect(before.body).toEqual({ error: "Given index does not exist in the requested date." });
  });

  test("all 17 codes answer with upper-case index_code and trading-day rows", async () => {
    expect(INDEX_CODES).toHaveLength(17);
    for (const code of INDEX_CODES) {
      const r = await api.get(`/v1/index-daily/${code}/?start=2024-05-01&end=2024-05-31`);
      expect(r.status).toBe(200);
      expect(r.body.length).toBe(tradingDays("2024-05-01", "2024-05-31", code === "sti" ? "sgx" : "idx").length);
      for (const row of r.body) {
        expect(row.index_code).toBe(code.toUpperCase());
        expect(typeof row.price).toBe("number");
        expect(row.price).toBeGreaterThan(0);
      }
    }
  });

  test("levels are plausible for ihsg, lq45 and sti over the whole history", async () => {
    const ranges: Record<string, [number, number]> = { ihsg: [4500, 8500], lq45: [650, 1250], sti: [2300, 4200] };
    for (const [code, [lo, hi]] of Object.entries(ranges)) {
      for (let year = 2019; year <= 2025; year++) {
        const r = await api.get(`/v1/index-daily/${code}/?start=${year}-01-02&end=${year}-03-31`);
        for (const row of r.body) {
          expect(row.price).toBeGreaterThan(lo);
          expect(row.price).toBeLessThan(hi);
        }
      }
    }
    const calm = await api.get("/v1/index-daily/ihsg/?start=2024-01-02&end=2024-03-31");
    for (const row of calm.body) expect(row.price).toBeGreaterThan(5800);
  });

  test("the path code is case-insensitive; unknown code is 404", async () => {
    const a = await api.get("/v1/index-daily/LQ45/?start=2024-01-01&end=2024-01-10");
    const b = await api.get("/v1/index-daily/lq45/?start=2024-01-01&end=2024-01-10");
    expect(a.text).toBe(b.text);
    const bad = await api.get("/v1/index-daily/nikkei/");
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ error: "Please provide a valid index code." });
  });

  test("bad dates and reversed ranges are 400", async () => {
    for (const q of ["start=2024-1-01", "end=20240101", "start=2024-02-30", "start=abc"]) {
      const r = await api.get(`/v1/index-daily/lq45/?${q}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: "Use a valid date format of YYYY-MM-DD." });
    }
    const rev = await api.get("/v1/index-daily/lq45/?start=2024-03-01&end=2024-02-01");
    expect(rev.status).toBe(400);
    expect(rev.body.error).toMatch(/'start'.*'end'/);
    const extra = await api.get("/v1/index-daily/lq45/?from=2024-01-01");
    expect(extra.body).toEqual({ error: "Invalid query parameters: from." });
  });
});
