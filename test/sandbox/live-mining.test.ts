// Live edition mining endpoints: companies by slug, their financials, performance and sales
// destinations, licenses, sites and global commodity data. Today is fixed at 2025-06-18.
import { useSandbox } from "./helpers";
import { expectEnvelope, typesOf, walk } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const spec = useSandbox();
const ADARO = "pt-adaro-energy-indonesia-tbk";

describe("companies", () => {
  test("every company has a slug of its name and keeps its ticker as symbol", async () => {
    const all = await walk(api.get, "/v2/mining/companies/", 5);
    expect(all.length).toBe((await spec.get("/v2/mining/companies/?limit=30")).body.length);
    for (const c of all) {
      expect(Object.keys(c)).toEqual(["slug", "name", "symbol", "company_type", "key_operation", "commodity_type"]);
      expect(c.slug).toBe(
        c.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, ""),
      );
      expect(c.symbol === null || /^[A-Z]{4}\.JK$/.test(c.symbol)).toBe(true);
    }
    expect(all.find((c) => c.slug === ADARO).symbol).toBe("ADRO.JK");
    expect(all.find((c) => c.slug === "pt-berau-coal").symbol).toBeNull();
    const names = all.map((c) => c.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });

  test("keyword matches name, symbol, slug or key operation; filters", async () => {
    const slugs = async (q: string) => (await api.get(`/v2/mining/companies/?${q}`)).body.results.map((c: any) => c.slug);
    expect(await slugs("keyword=ADRO")).toEqual([ADARO]);
    expect(await slugs("keyword=energy-indonesia")).toEqual([ADARO]);
    expect(await slugs("keyword=mining%20services")).toEqual(["pt-pama-persada-nusantara"]);
    expect(await slugs("commodity_type=BAUXITE")).toEqual(["pt-aneka-tambang-tbk", "pt-borneo-bauksit-lestari"]);
    expect(await slugs("company_type=contractor")).toEqual(["pt-pama-persada-nusantara"]);
    const listed = (await api.get("/v2/mining/companies/?has_financials=true&limit=30")).body.results;
    expect(listed.length).toBeGreaterThan(3);
    expect(listed.every((c: any) => c.symbol !== null)).toBe(true);
    expect((await api.get("/v2/mining/companies/?company_type=Bank")).status).toBe(400);
    expect((await api.get("/v2/mining/companies/?commodity=Coal")).body).toEqual({ error: "Invalid query parameters: commodity." });
    expect((await api.get("/v2/mining/companies/?limit=0")).status).toBe(400);
  });

  test("detail by slug: the live profile", async () => {
    const d = (await api.get(`/v2/mining/companies/${ADARO}/`)).body;
    expect(Object.keys(d)).toEqual([
      "name",
      "slug",
      "symbol",
      "company_type",
      "operation_province",
      "operation_district",
      "key_operation",
      "representative_address",
      "website",
      "phone_number",
      "email",
      "activities",
      "commodity_type",
      "mining_license",
      "mining_contract",
      "mining_site_count",
    ]);
    expect(d.mining_site_count).toBe(3);
    expect(d.mining_license.length).toBeGreaterThan(0);
    for (const l of d.mining_license) {
      expect(Object.keys(l)).toEqual([
        "license_type",
        "license_number",
        "wiup_code",
        "province",
        "city",
        "license_effective_date",
        "license_expiry_date",
        "activity",
        "licensed_area_ha",
        "cnc",
        "generation",
        "location",
        "commodity_type",
      ]);
      expect(l.wiup_code).toMatch(/^\d{16}$/);
    }
    expect((await api.get("/v2/mining/companies/PT-ADARO-ENERGY-INDONESIA-TBK/")).body.slug).toBe(ADARO);
    const missing = await api.get("/v2/mining/companies/no-such-company/");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/^Company not found\./);
    expect((await api.get("/v2/mining/companies/1/")).status).toBe(404);
  });
});

describe("financials, performance and sales destinations", () => {
  test("financials: one year, whole USD, the spec edition's figures", async () => {
    const f = (await api.get(`/v2/mining/companies/financials/${ADARO}/`)).body;
    expect(Object.keys(f)).toEqual(["year", "available_years", "data"]);
    expect(f.available_years).toEqual([2019, 2020, 2021, 2022, 2023, 2024]);
    expect(f.year).toBe(2024);
    const old = (await spec.get("/v2/mining/companies/ADRO/financials/?years=2024")).body[0];
    expect(f.data).toMatchObject({ slug: ADARO, symbol: "ADRO.JK", year: 2024 });
    expect(f.data.revenue_usd).toBe(Math.round(old.revenue * 1e6));
    expect(f.data.net_profit_usd).toBe(Math.round(old.net_profit * 1e6));
    expect(Object.keys(f.data.revenue_breakdown)).toEqual(["coal_mining_and_trading", "mining_services", "logistics", "power"]);
    const sum = Object.values(f.data.revenue_breakdown as Record<string, number>).reduce((s, v) => s + v, 0);
    expect(sum).toBeCloseTo(f.data.revenue_usd, -3);
    expect((await api.get(`/v2/mining/companies/financials/${ADARO}/?year=2021`)).body.data.year).toBe(2021);
    expect((await api.get(`/v2/mining/companies/financials/${ADARO}/?year=2012`)).status).toBe(404);
    expect((await api.get(`/v2/mining/companies/financials/${ADARO}/?year=last`)).status).toBe(400);
    expect((await api.get("/v2/mining/companies/financials/pt-berau-coal/")).status).toBe(404);
    expect((await api.get("/v2/mining/companies/financials/nope/")).body).toEqual({ error: "Company not found." });
  });

  test("performance: the spec edition's volumes with the live statistics", async () => {
    const p = (await api.get(`/v2/mining/companies/performance/${ADARO}/`)).body;
    expect(p.year).toBe(2024);
    expect(p.available_years).toEqual([2019, 2020, 2021, 2022, 2023, 2024]);
    const old = (await spec.get("/v2/mining/companies/1/performance/?years=2024")).body;
    expect(p.data).toHaveLength(old.length);
    const row = p.data[0];
    expect(row.commodity_stats.production_volume).toBe(old[0].commodity_stats.production_volume);
    expect(Object.keys(row.commodity_stats)).toEqual([
      "unit",
      "mining_operation_status",
      "production_volume",
      "sales_volume",
      "overburden_removal_volume",
      "strip_ratio",
      "resources_reserves",
      "products",
    ]);
    expect(row.commodity_stats.resources_reserves).toMatchObject({ measurement_year: 2024, total_reserves_Mt: expect.any(Number) });
    expect(row.commodity_stats.products[0]).toMatchObject({ product_name: expect.any(String), calorific_value_kcal: expect.any(Object) });
    expect(typeof row.commodity_stats.strip_ratio).toBe("number");
    const antam = (await api.get("/v2/mining/companies/performance/pt-aneka-tambang-tbk/?commodity_type=gold&year=2022")).body;
    expect(antam.data.map((r: any) => r.commodity_type)).toEqual(["Gold"]);
    expect(antam.data[0].commodity_stats.strip_ratio).toBeNull();
    expect((await api.get("/v2/mining/companies/performance/pt-pama-persada-nusantara/")).status).toBe(404);
    expect((await api.get(`/v2/mining/companies/performance/${ADARO}/?years=2024`)).status).toBe(400);
  });

  test("sales destinations: one year keyed by country", async () => {
    const s = (await api.get(`/v2/mining/sales-destination/${ADARO}/`)).body;
    expect(Object.keys(s)).toEqual(["year", "data"]);
    expect(s.year).toBe(2024);
    for (const cell of Object.values(s.data) as any[]) {
      expect(Object.keys(cell)).toEqual([
        "revenue_usd",
        "percentage_of_total_revenue",
        "volume",
        "percentage_of_sales_volume",
        "commodity_type",
        "unit",
      ]);
      expect(cell).toMatchObject({ commodity_type: "Coal", unit: "Mt" });
    }
    const old = (await spec.get("/v2/sales-destination/?ticker=ADRO")).body["2022"];
    const y2022 = (await api.get(`/v2/mining/sales-destination/${ADARO}/?year=2022`)).body.data;
    expect(Object.keys(y2022)).toEqual(Object.keys(old));
    expect((await api.get("/v2/mining/sales-destination/pt-kaltim-prima-coal/")).body).toEqual({
      error: "No sales destination data found for company.",
    });
  });
});

describe("licenses, sites and global commodity", () => {
  test("licenses: the live row, default soonest expiry first, filters", async () => {
    const r = (await api.get("/v2/mining/licenses/?limit=30")).body;
    expectEnvelope(r);
    expect(r.pagination.total_count).toBe(160);
    expect(Object.keys(r.results[0])).toEqual([
      "wiup_code",
      "license_number",
      "license_type",
      "province",
      "city",
      "license_effective_date",
      "license_expiry_date",
      "activity",
      "licensed_area_ha",
      "location",
      "commodity_type",
      "company_name",
      "cnc",
      "generation",
      "company_slug",
    ]);
    const dates = r.results.map((l: any) => l.license_expiry_date);
    expect([...dates].sort()).toEqual(dates);
    const all = await walk(api.get, "/v2/mining/licenses/?order_by=-licensed_area_ha", 30);
    const areas = all.map((l) => l.licensed_area_ha);
    expect([...areas].sort((a, b) => b - a)).toEqual(areas);
    const adaro = (await api.get(`/v2/mining/licenses/?company=${ADARO}&limit=30`)).body.results;
    expect(adaro.length).toBe((await api.get(`/v2/mining/companies/${ADARO}/`)).body.mining_license.length);
    const iupk = (await api.get("/v2/mining/licenses/?license_type=iupk&activity=operasi%20produksi&cnc=true&limit=30")).body.results;
    expect(iupk.every((l: any) => l.license_type === "IUPK" && l.activity === "Operasi Produksi" && l.cnc === "CNC")).toBe(true);
    const soon = (await api.get("/v2/mining/licenses/?expiring_soon=true&limit=30")).body.results;
    expect(soon.every((l: any) => l.license_expiry_date >= "2025-06-18" && l.license_expiry_date <= "2026-06-18")).toBe(true);
    for (const bad of ["order_by=area", "license_type=XYZ", "cnc=maybe", "commodity=Coal"]) {
      expect((await api.get(`/v2/mining/licenses/?${bad}`)).status).toBe(400);
    }
  });

  test("sites: the live row, default newest year first, filters and sorting", async () => {
    const r = (await api.get("/v2/mining/sites/?limit=30")).body;
    expectEnvelope(r);
    expect(Object.keys(r.results[0])).toEqual([
      "name",
      "project_name",
      "year",
      "commodity_type",
      "production_volume",
      "unit",
      "strip_ratio",
      "province",
      "city",
      "company_slug",
      "company_name",
      "slug",
    ]);
    const years = r.results.map((s: any) => s.year);
    expect([years[0], [...years].sort((a, b) => b - a)]).toEqual([2024, years]);
    // A site's year is listed with its output only: the description has no null production.
    expect(r.results.every((s: any) => typeof s.production_volume === "number")).toBe(true);
    const byVolume = await walk(api.get, "/v2/mining/sites/?commodity_type=coal&year=2023&order_by=-production_volume", 4);
    const volumes = byVolume.map((s) => s.production_volume);
    const produced = volumes.filter((v) => v !== null);
    expect([...produced].sort((a, b) => b - a)).toEqual(produced);
    expect(volumes.slice(produced.length).every((v) => v === null)).toBe(true);
    const mine = (await api.get(`/v2/mining/sites/?company=${ADARO}&year=2024`)).body.results;
    expect(mine.map((s: any) => s.name).sort()).toEqual(["Paringin Timur", "Tutupan Selatan", "Wara Barat"]);
    const big = (await api.get("/v2/mining/sites/?min_production=100&limit=30")).body.results;
    expect(big.every((s: any) => s.production_volume >= 100)).toBe(true);
    for (const bad of ["order_by=-name", "year=24", "min_production=lots", "sort_by=year"]) {
      expect((await api.get(`/v2/mining/sites/?${bad}`)).status).toBe(400);
    }
  });

  test("global commodity: the live row, a plain list, limit but no offset", async () => {
    const rows = (await api.get("/v2/mining/global-commodity/?commodity_type=coal")).body;
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(typesOf(r)).toEqual({
        country: "string",
        commodity_type: "string",
        resources_reserves: "null",
        resources_reserves_share: "null",
        resources_reserves_unit: "string",
        export_import_usd: "object",
        production_volume: "object",
        production_share: "object",
        production_volume_unit: "string",
      });
      for (const [year, trade] of Object.entries(r.export_import_usd) as [string, any][]) {
        expect(Object.keys(trade)).toEqual(["export", "import"]);
        expect(r.production_volume).toHaveProperty(year);
      }
    }
    expect((await api.get("/v2/mining/global-commodity/?country=Indonesia&limit=2")).body).toHaveLength(2);
    expect((await api.get("/v2/mining/global-commodity/?limit=2")).body).toEqual({
      error: "At least one of `commodity_type` or `country` is required.",
    });
    expect((await api.get("/v2/mining/global-commodity/?country=Indonesia&offset=1")).body).toEqual({
      error: "Invalid query parameters: offset.",
    });
  });
});
