// /v1/companies/ (spec 4.5) and the classification helper lists.
import { COMPANY_SORT_KEYS } from "../../shared/catalogue/vocabularies";
import { IDX_BANKS, useSandbox } from "./helpers";

const api = useSandbox();
type Row = { symbol: string; company_name: string; sorted_by: number | string };

async function list(query: string): Promise<Row[]> {
  const r = await api.get(`/v1/companies/?${query}`);
  expect(r.status).toBe(200);
  return r.body;
}

const lower = (x: number | string) => String(x).toLowerCase();
const cmp = (a: number | string, b: number | string) =>
  typeof a === "number" ? a - (b as number) : lower(a) < lower(b) ? -1 : lower(a) > lower(b) ? 1 : 0;

describe("sorting", () => {
  test.each(COMPANY_SORT_KEYS.map((k) => [k]))("sort_by=%s ascending and descending", async (key) => {
    const asc = await list(`sub_sector=banks&sort_by=${key}`);
    const desc = await list(`sub_sector=banks&sort_by=${key}&desc=true`);
    const explicitAsc = await list(`sub_sector=banks&sort_by=${key}&desc=false`);
    expect(asc).toEqual(explicitAsc);
    expect(asc).toHaveLength(IDX_BANKS.length);
    for (let i = 1; i < asc.length; i++) {
      expect(cmp(asc[i - 1].sorted_by, asc[i].sorted_by)).toBeLessThanOrEqual(0);
      expect(cmp(desc[i - 1].sorted_by, desc[i].sorted_by)).toBeGreaterThanOrEqual(0);
    }
    // Ties (the banks that paid no dividend) go by symbol in both directions.
    const byValueThenSymbol = (sign: number) => (a: Row, b: Row) => sign * cmp(a.sorted_by, b.sorted_by) || (a.symbol < b.symbol ? -1 : 1);
    expect(asc.map((r) => r.symbol)).toEqual([...asc].sort(byValueThenSymbol(1)).map((r) => r.symbol));
    expect(desc.map((r) => r.symbol)).toEqual([...asc].sort(byValueThenSymbol(-1)).map((r) => r.symbol));
  });

  test("default is symbol ascending; sorted_by carries the sort value", async () => {
    const rows = await list("sub_sector=banks");
    expect(rows.map((r) => r.symbol)).toEqual(IDX_BANKS);
    for (const r of rows) expect(r.sorted_by).toBe(r.symbol);
    for (const r of await list("sub_sector=banks&sort_by=company_name")) expect(r.sorted_by).toBe(r.company_name);
  });

  test("ratios agree with market cap, earnings, revenue and dividends", async () => {
    const by = async (key: string) =>
      new Map((await list(`sub_sector=oil-gas-coal&sort_by=${key}`)).map((r) => [r.symbol, r.sorted_by as number]));
    const [mcap, earnings, revenue, pe, ps, dy, dividend] = await Promise.all(
      ["market_cap", "earnings", "revenue", "pe", "ps", "dividend_yield", "total_dividend"].map(by),
    );
    for (const sym of mcap.keys()) {
      expect(pe.get(sym)).toBeCloseTo(mcap.get(sym)! / earnings.get(sym)!, 1);
      expect(ps.get(sym)).toBeCloseTo(mcap.get(sym)! / revenue.get(sym)!, 1);
      expect(dy.get(sym)).toBeCloseTo(dividend.get(sym)! / mcap.get(sym)!, 3);
    }
  });

  test("earnings and revenue are the trailing four reported quarters", async () => {
    const earnings = new Map((await list("sub_sector=banks&sort_by=earnings")).map((r) => [r.symbol, r.sorted_by]));
    const quarters = (await api.get("/v1/financials/quarterly/BBCA/?n_quarters=4")).body;
    expect(earnings.get("BBCA.JK")).toBe(quarters.reduce((s: number, q: { earnings: number }) => s + q.earnings, 0));
  });

  test("market caps are plausible in IDR", async () => {
    const caps = new Map((await list("sub_sector=banks&sort_by=market_cap&desc=true")).map((r) => [r.symbol, r.sorted_by as number]));
    expect([...caps.keys()][0]).toBe("BBCA.JK");
    expect(caps.get("BBCA.JK")).toBeGreaterThan(5e14);
    expect(caps.get("BBCA.JK")).toBeLessThan(3e15);
  });
});

describe("filters and validation", () => {
  test("sub_industry filters, and overrides sub_sector when both are sent", async () => {
    const gold = await list("sub_industry=gold");
    expect(gold.map((r) => r.symbol)).toEqual(["BRMS.JK", "MDKA.JK"]);
    expect(await list("sub_sector=banks&sub_industry=gold")).toEqual(gold);
  });

  test("at least one of sub_sector / sub_industry is required", async () => {
    const r = await api.get("/v1/companies/?sort_by=pe");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: "Query parameter 'sub_sector' and/or 'sub_industry' is required." });
  });

  test("bad sort_by, desc, sub_sector and sub_industry are 400 with the real wording", async () => {
    expect((await api.get("/v1/companies/?sub_sector=banks&sort_by=price")).body).toEqual({
      error:
        "Invalid 'sort_by' parameter. Valid options are: market_cap, dividend_yield, total_dividend, revenue, earnings, pb, pe, ps, symbol, company_name.",
    });
    expect((await api.get("/v1/companies/?sub_sector=banks&desc=yes")).body).toEqual({
      error: "Invalid value for 'desc'. Use 'true' or 'false'.",
    });
    expect((await api.get("/v1/companies/?sub_sector=nope")).body).toEqual({ error: "The requested sub_sector does not exist." });
    expect((await api.get("/v1/companies/?sub_industry=nope")).body).toEqual({ error: "The requested sub_industry does not exist." });
  });

  test("every sub-sector of the helper list has companies, and the required names are there", async () => {
    const subsectors = (await api.get("/v1/subsectors/")).body;
    const symbols = new Set<string>();
    for (const { subsector } of subsectors) for (const r of await list(`sub_sector=${subsector}`)) symbols.add(r.symbol);
    for (const s of [
      "BBCA",
      "BBRI",
      "BMRI",
      "BBNI",
      "TLKM",
      "ASII",
      "UNVR",
      "ICBP",
      "GOTO",
      "ADRO",
      "ITMG",
      "PTBA",
      "ANTM",
      "INCO",
      "MDKA",
    ]) {
      expect(symbols.has(`${s}.JK`)).toBe(true);
    }
  });
});

describe("helper lists", () => {
  test("shapes of subsectors, industries, subindustries and tags", async () => {
    const subsectors = (await api.get("/v1/subsectors/")).body;
    const industries = (await api.get("/v1/industries/")).body;
    const subindustries = (await api.get("/v1/subindustries/")).body;
    expect(Object.keys(subsectors[0])).toEqual(["sector", "subsector"]);
    expect(Object.keys(industries[0])).toEqual(["subsector", "industry"]);
    expect(Object.keys(subindustries[0])).toEqual(["industry", "sub_industry"]);
    // The tree links up: every industry's subsector and every sub-industry's industry exists.
    const subsectorNames = new Set(subsectors.map((r: any) => r.subsector));
    const industryNames = new Set(industries.map((r: any) => r.industry));
    for (const r of industries) expect(subsectorNames.has(r.subsector)).toBe(true);
    for (const r of subindustries) expect(industryNames.has(r.industry)).toBe(true);
    const tags = (await api.get("/v1/tags/")).body;
    expect(tags).toEqual([...tags].sort());
    for (const t of tags) expect(t).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test("index members: IDX symbols with .JK, STI with SGX symbols, unknown index 404", async () => {
    const lq45 = (await api.get("/v1/index/lq45/")).body;
    expect(lq45.length).toBeGreaterThan(20);
    for (const r of lq45) expect(r.symbol).toMatch(/^[A-Z]{4}\.JK$/);
    const bumn = (await api.get("/v1/index/idxbumn20/")).body.map((r: any) => r.symbol);
    expect(bumn).toContain("BBRI.JK");
    expect(bumn).not.toContain("BBCA.JK");
    const sti = (await api.get("/v1/index/sti/")).body.map((r: any) => r.symbol);
    expect(sti).toEqual(expect.arrayContaining(["D05", "O39", "U11"]));
    const bad = await api.get("/v1/index/bad_index/");
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ error: "Index data for 'bad_index' is not available." });
  });

  test("companies with segments list the full financial years", async () => {
    const r = (await api.get("/v1/companies/list_companies_with_segments/")).body;
    expect(r["BBCA.JK"]).toEqual({ financial_year: [2019, 2020, 2021, 2022, 2023, 2024] });
  });
});
