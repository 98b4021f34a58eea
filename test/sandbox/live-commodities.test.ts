// Live edition commodity prices: /v2/mining/commodities/ (each commodity's coverage) and
// /v2/mining/commodities/{commodity_name}/price/ (at most three years per call). The coverage the
// list states is what the price windows give. Today is fixed at 2025-06-18.
import { PRODUCTION_UNITS } from "../../src/sandbox/data/commodity-trade";
import description from "../../src/sandbox/described/live-api.generated.json";
import { TODAY, useSandbox } from "./helpers";
import { typesOf } from "./live-helpers";

const api = useSandbox({ edition: "live" });
const ok = async (path: string) => {
  const r = await api.get(path);
  expect({ path, status: r.status, body: r.status === 200 ? "ok" : r.body }).toEqual({ path, status: 200, body: "ok" });
  return r.body;
};
const prices = (name: string, from: number, to: number) => ok(`/v2/mining/commodities/${name}/price/?start_year=${from}&end_year=${to}`);

describe("/v2/mining/commodities/", () => {
  test("every commodity once, with the coverage its price windows give", async () => {
    const list = await ok("/v2/mining/commodities/");
    expect(list.map((c: any) => c.name)).toEqual(["Bauxite", "Coal", "Copper", "Gold", "Nickel"]);
    for (const c of list) {
      expect(typesOf(c)).toEqual({ name: "string", data_points: "number", earliest_date: "string", latest_date: "string" });
      expect(c.latest_date <= TODAY).toBe(true);
    }
    const bauxite = list.find((c: any) => c.name === "Bauxite");
    const points = [];
    for (let year = 2005; year <= 2025; year += 3) points.push(...(await prices("Bauxite", year, Math.min(year + 2, 2025))));
    expect(bauxite).toEqual({
      name: "Bauxite",
      data_points: points.length,
      earliest_date: points[0].date,
      latest_date: points[points.length - 1].date,
    });
    expect((await api.get("/v2/mining/commodities/?limit=2")).body).toEqual({ error: "Invalid query parameters: limit." });
  });
});

describe("/v2/mining/commodities/{commodity_name}/price/", () => {
  test("by default the current year and the two before, oldest first, up to today", async () => {
    const body = await ok("/v2/mining/commodities/coal/price/");
    expect(body[0]).toEqual({ name: "Coal", date: "2023-01-01", price_usd_per_ton: expect.any(Number) });
    const dates = body.map((p: any) => p.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates[dates.length - 1]).toBe("2025-06-15");
    // Monthly, then fortnightly for Coal from 2024.
    expect(dates.filter((d: string) => d.startsWith("2023-"))).toHaveLength(12);
    expect(dates.filter((d: string) => d.startsWith("2024-"))).toHaveLength(24);
  });

  test("names in any case; gold per tonne under the field the description names; prices around the level exports are valued at", async () => {
    expect(await prices("COAL", 2020, 2021)).toEqual(await prices("Coal", 2020, 2021));
    const gold = await prices("gold", 2020, 2022);
    expect(gold).toHaveLength(36);
    const schema = description.components.schemas.CommodityPriceItem;
    expect(Object.keys(schema.properties)).toEqual(["name", "date", "price_usd_per_ton"]);
    for (const commodity of ["gold", "coal", "nickel"]) {
      const [first] = await prices(commodity, 2022, 2022);
      expect({ commodity, fields: Object.keys(first) }).toEqual({ commodity, fields: Object.keys(schema.properties) });
    }
    // Gold's per-tonne level: the trade table values a tonne at it (tens of millions of USD).
    const [unitName, perUnit] = PRODUCTION_UNITS.get("Gold")!;
    expect(unitName).toBe("t");
    for (const p of gold) expect(p.price_usd_per_ton / perUnit).toBeGreaterThan(0.5);
    for (const p of gold) expect(p.price_usd_per_ton / perUnit).toBeLessThan(2);
  });

  test("bad names, years and ranges are 400; a range without data is 404", async () => {
    expect((await api.get("/v2/mining/commodities/Golda/price/")).body).toEqual({
      error: "Invalid commodity 'Golda'. Valid values: Bauxite, Coal, Copper, Gold, Nickel.",
    });
    for (const query of [
      "start_year=2020&end_year=2023",
      "start_year=2024&end_year=2022",
      "start_year=20x4",
      "end_year=2026",
      "start_year=1899",
    ]) {
      const r = await api.get(`/v2/mining/commodities/Coal/price/?${query}`);
      expect({ query, status: r.status, error: typeof r.body.error }).toEqual({ query, status: 400, error: "string" });
    }
    const none = await api.get("/v2/mining/commodities/Bauxite/price/?start_year=2000&end_year=2002");
    expect([none.status, none.body]).toEqual([404, { error: "No price data for this commodity in the specified range." }]);
    expect((await api.get("/v2/mining/commodities/Coal/price/?year=2024")).body).toEqual({ error: "Invalid query parameters: year." });
  });
});
