// Mining endpoints (spec 4.3, 4.4, 4.6-4.9, 4.14-4.16), today fixed at 2025-06-18.
import { parseArg, years } from "../../shared";
import { plusDays, TODAY, useSandbox } from "./helpers";

const api = useSandbox();
const PAGINATION = { error: "Invalid pagination or limit parameters. Please provide positive integers." };

async function allPages(path: string): Promise<any[]> {
  const out: any[] = [];
  for (let offset = 0; ; offset += 30) {
    const page = (await api.get(`${path}${path.includes("?") ? "&" : "?"}limit=30&offset=${offset}`)).body;
    out.push(...page);
    if (page.length < 30) return out;
  }
}

describe("mining company lists", () => {
  test("listed miners and unlisted operators with null or empty idx_ticker", async () => {
    const rows = (await api.get("/v2/mining/companies/")).body;
    const tickers = rows.map((r: any) => r.idx_ticker);
    for (const t of ["ITMG.JK", "ADRO.JK", "PTBA.JK", "ANTM.JK", "INCO.JK", "MDKA.JK"]) expect(tickers).toContain(t);
    expect(tickers).toContain(null);
    expect(tickers).toContain("");
    expect(Object.keys(rows[0])).toEqual(["id", "name", "idx_ticker", "company_type", "key_operation"]);
  });

  test("limit/offset page through; bad values are 400", async () => {
    const all = (await api.get("/v2/mining/companies/?limit=30")).body;
    expect((await api.get("/v2/mining/companies/?limit=2&offset=2")).body).toEqual(all.slice(2, 4));
    for (const q of ["limit=0", "limit=-1", "limit=abc", "offset=-5", "offset=x"]) {
      expect((await api.get(`/v2/mining/companies/?${q}`)).body).toEqual(PAGINATION);
    }
  });

  test("keyword matches name, ticker or key operation; commodity is case-insensitive", async () => {
    expect((await api.get("/v2/mining/companies/?keyword=adaro")).body.map((r: any) => r.idx_ticker)).toEqual(["ADRO.JK"]);
    expect((await api.get("/v2/mining/companies/?keyword=itmg")).body.map((r: any) => r.idx_ticker)).toEqual(["ITMG.JK"]);
    const services = (await api.get("/v2/mining/companies/?keyword=mining%20services")).body;
    expect(services.map((r: any) => r.key_operation)).toEqual(["Mining Services"]);
    const upper = (await api.get("/v2/mining/companies/?commodity=NICKEL")).body;
    expect(upper).toEqual((await api.get("/v2/mining/companies/?commodity=Nickel")).body);
    expect(upper.map((r: any) => r.idx_ticker)).toEqual(expect.arrayContaining(["ANTM.JK", "INCO.JK", "MDKA.JK"]));
    expect(upper.map((r: any) => r.idx_ticker)).not.toContain("ITMG.JK");
  });

  test("mineral companies: same list, limit only", async () => {
    expect((await api.get("/v2/mineral-companies/?commodity=gold&limit=2")).body).toEqual(
      (await api.get("/v2/mining/companies/?commodity=gold&limit=2")).body,
    );
    expect((await api.get("/v2/mineral-companies/?offset=1")).body).toEqual({ error: "Invalid query parameters: offset." });
  });
});

describe("mining company detail, performance and financials", () => {
  test("detail carries licenses, contracts, commodities and matching aggregates", async () => {
    const d = (await api.get("/v2/mining/companies/5/")).body;
    expect(d.idx_ticker).toBe("ANTM.JK");
    expect(d.commodity).toEqual(["Nickel", "Gold", "Bauxite"]);
    expect(d.mining_license.length).toBe(d.aggregates.mining_license_count);
    expect(d.aggregates.mining_site_count).toBe(4);
    for (const l of d.mining_license) {
      expect(d.commodity).toContain(l.commodity_type);
      expect(l.license_expiry_date > l.license_effective_date).toBe(true);
    }
    expect(Array.isArray(d.activities) && Array.isArray(d.mining_contract)).toBe(true);
    expect(d.email).toMatch(/@/);
    const missing = await api.get("/v2/mining/companies/999/");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Company not found." });
    expect((await api.get("/v2/mining/companies/abc/")).status).toBe(404);
  });

  test("performance sums the company's site output per year; years filter", async () => {
    const perf = (await api.get("/v2/mining/companies/8/performance/")).body;
    expect(perf.map((p: any) => p.year)).toEqual([2024, 2023, 2022, 2021, 2020, 2019]);
    const sites = await allPages("/v2/mining/sites/?mineral_type=Nickel");
    for (const p of perf) {
      const sum = sites
        .filter((s) => s.company_id === 8 && s.year === p.year && s.production_volume !== null)
        .reduce((acc, s) => acc + s.production_volume, 0);
      expect(p.commodity_stats.production_volume).toBeCloseTo(sum, 1);
      expect(p.commodity_stats.unit).toBe("kt");
    }
    const some = (await api.get("/v2/mining/companies/8/performance/?years=2020,2022")).body;
    expect(some.map((p: any) => p.year)).toEqual([2022, 2020]);
    expect((await api.get("/v2/mining/companies/8/performance/?years=20x0")).body).toEqual({
      error: "Invalid years parameter. Please provide a comma-separated list of integers.",
    });
  });

  test("years by the provider's rule, not the client's: any integers are a valid filter", async () => {
    // The client refuses a year before 1900 in a cell; the provider takes any list of integers and
    // answers the years it has. The sandbox keeps the provider's rule, so the two can differ.
    expect(() => parseArg("years", years, "1850,2022")).toThrow("'years' must be");
    const answer = await api.get("/v2/mining/companies/8/performance/?years=1850,2022");
    expect(answer.status).toBe(200);
    expect(answer.body.map((p: any) => p.year)).toEqual([2022]);
  });

  test("financials: ticker with or without .JK; breakdowns add up; years filter", async () => {
    const a = await api.get("/v2/mining/companies/ITMG.JK/financials/");
    expect((await api.get("/v2/mining/companies/itmg/financials/")).text).toBe(a.text);
    expect(a.body.map((r: any) => r.year)).toEqual([2024, 2023, 2022, 2021, 2020, 2019]);
    for (const r of a.body) {
      const rev = Object.values(r.revenue_breakdown as Record<string, number>).reduce((s, v) => s + v, 0);
      const cost = Object.values(r.cost_of_revenue_breakdown as Record<string, number>).reduce((s, v) => s + v, 0);
      expect(rev).toBeCloseTo(r.revenue, 1);
      expect(cost).toBeCloseTo(r.cost_of_revenue, 1);
      expect(r.revenue).toBeGreaterThan(r.cost_of_revenue);
    }
    // Coal boom: 2022 revenue well above 2020.
    const byYear = new Map(a.body.map((r: any) => [r.year, r.revenue]));
    expect(byYear.get(2022)).toBeGreaterThan(2 * (byYear.get(2020) as number));
    const two = (await api.get("/v2/mining/companies/ITMG/financials/?years=2023,2021")).body;
    expect(two.map((r: any) => r.year)).toEqual([2023, 2021]);
    expect((await api.get("/v2/mining/companies/ZZZZ/financials/")).status).toBe(404);
  });
});

describe("licenses", () => {
  test("expiring_soon=true: expiry within 365 days of today, soonest first", async () => {
    const rows = await allPages("/v2/mining/licenses/?expiring_soon=true");
    expect(rows.length).toBeGreaterThan(2);
    const horizon = plusDays(TODAY, 365);
    for (const l of rows) expect(l.permit_expiry_date >= TODAY && l.permit_expiry_date <= horizon).toBe(true);
    const dates = rows.map((l) => l.permit_expiry_date);
    expect(dates).toEqual([...dates].sort());
    const all = await allPages("/v2/mining/licenses/");
    expect(all.filter((l) => l.permit_expiry_date >= TODAY && l.permit_expiry_date <= horizon).length).toBe(rows.length);
    expect(all.some((l) => l.permit_expiry_date < TODAY)).toBe(true);
  });

  test("province and commodity filters are case-insensitive; limit capped at 30", async () => {
    const rows = await allPages("/v2/mining/licenses/?province=kalimantan%20timur&commodity=COAL");
    expect(rows.length).toBeGreaterThan(3);
    for (const l of rows) {
      expect(l.province).toBe("Kalimantan Timur");
      expect(l.commodity).toBe("Coal");
    }
    expect((await api.get("/v2/mining/licenses/?limit=100")).body).toHaveLength(30);
    expect((await api.get("/v2/mining/licenses/")).body).toHaveLength(20);
    expect((await api.get("/v2/mining/licenses/?expiring_soon=soon")).status).toBe(400);
  });
});

describe("sites", () => {
  test("default sort is year descending", async () => {
    const rows = await allPages("/v2/mining/sites/");
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].year).toBeGreaterThanOrEqual(rows[i].year);
    expect(rows[0].year).toBe(2024);
    expect(rows.some((s) => s.production_volume === null)).toBe(true);
    expect(Object.keys(rows[0])).toEqual(["id", "name", "year", "mineral_type", "company_id", "production_volume"]);
  });

  test("sort_by=production is descending with sites without output last", async () => {
    const rows = await allPages("/v2/mining/sites/?sort_by=production");
    const volumes = rows.map((s) => s.production_volume);
    const firstNull = volumes.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(volumes.slice(firstNull).every((v) => v === null)).toBe(true);
    for (let i = 1; i < firstNull; i++) expect(volumes[i - 1]).toBeGreaterThanOrEqual(volumes[i]);
  });

  test("min_production, mineral_type and province filter", async () => {
    const big = await allPages("/v2/mining/sites/?min_production=100");
    expect(big.length).toBeGreaterThan(0);
    for (const s of big) expect(s.production_volume).toBeGreaterThanOrEqual(100);
    const gold = await allPages("/v2/mining/sites/?mineral_type=gold");
    expect(new Set(gold.map((s) => s.mineral_type))).toEqual(new Set(["Gold"]));
    const south = await allPages("/v2/mining/sites/?province=Sumatera%20Selatan");
    expect(new Set(south.map((s) => s.company_id))).toEqual(new Set([3]));
    expect((await api.get("/v2/mining/sites/?min_production=lots")).body).toEqual({
      error: "Invalid min_production value. Please provide a number.",
    });
    expect((await api.get("/v2/mining/sites/?sort_by=name")).status).toBe(400);
  });
});

describe("sales destination", () => {
  test("ticker query with or without .JK; years list different countries", async () => {
    const r = await api.get("/v2/sales-destination/?ticker=ITMG.JK");
    expect((await api.get("/v2/sales-destination/?ticker=itmg")).text).toBe(r.text);
    const years = Object.keys(r.body);
    expect(years).toEqual(["2019", "2020", "2021", "2022", "2023", "2024"]);
    const sets = years.map((y) => Object.keys(r.body[y]).sort().join(","));
    expect(new Set(sets).size).toBeGreaterThan(1);
    for (const y of years) {
      const cells = Object.values(r.body[y]) as any[];
      expect(cells.reduce((s, c) => s + c.percentage_of_sales_volume, 0)).toBeCloseTo(100, 0);
      for (const c of cells)
        expect(Object.keys(c)).toEqual(["revenue", "percentage_of_total_revenue", "volume", "percentage_of_sales_volume"]);
    }
  });

  test("ticker is required; companies without data are 404", async () => {
    expect((await api.get("/v2/sales-destination/")).body).toEqual({ error: "Query parameter 'ticker' is required." });
    for (const t of ["MDKA", "ZZZZ"]) {
      const r = await api.get(`/v2/sales-destination/?ticker=${t}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: "No sales destination data found for company." });
    }
  });
});

describe("global commodity", () => {
  test("at least one of country / commodity_type is required", async () => {
    const r = await api.get("/v2/mining/global-commodity/");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: "At least one of `commodity_type` or `country` is required." });
  });

  test("commodity_type and country filter case-insensitively; shares match volumes", async () => {
    const gold = (await api.get("/v2/mining/global-commodity/?commodity_type=gold")).body;
    expect(gold.length).toBeGreaterThan(3);
    for (const g of gold) expect(g.commodity_type).toBe("Gold");
    const indonesia = (await api.get("/v2/mining/global-commodity/?country=INDONESIA")).body;
    expect(indonesia.map((r: any) => r.commodity_type).sort()).toEqual(["Bauxite", "Coal", "Copper", "Gold", "Nickel"]);
    for (const row of indonesia) {
      expect(Object.keys(row.production_volume)).toEqual(Object.keys(row.production_share));
      expect(Object.keys(row.production_volume).at(-1)).toBe("2024");
    }
    const nickel = (await api.get("/v2/mining/global-commodity/?commodity_type=Nickel&country=Indonesia")).body;
    expect(nickel).toHaveLength(1);
    expect(nickel[0].production_volume["2024"]).toBeGreaterThan(nickel[0].production_volume["2019"]);
    expect((await api.get("/v2/mining/global-commodity/?commodity_type=coal&limit=2&offset=1")).body.map((r: any) => r.id)).toEqual(
      (await api.get("/v2/mining/global-commodity/?commodity_type=coal")).body.slice(1, 3).map((r: any) => r.id),
    );
  });
});
