// Flattening of the mining resources: the profile as a field-value table, category and year maps
// as one column per key, sales destinations as long rows, and the string-encoded shape drift
// (nested fields sent as JSON inside strings) giving exactly the same tables as plain JSON.
import { expectRectangular, fieldValues, fixture, run, serve } from "../harness";

describe("MINING_COMPANY", () => {
  const plain = run("MINING_COMPANY", [11], "mining-company.json");

  test("a two-column field, value table in the service's order", () => {
    expect(plain.urls).toEqual(["http://127.0.0.1:9/v2/mining/companies/11/"]);
    expectRectangular(plain.cells);
    expect(plain.cells).toEqual([
      ["field", "value"],
      ["id", "11"],
      ["name", "PT Bara Sungai Tbk"],
      ["idx_ticker", "BRSG.JK"],
      ["operation_province", "Kalimantan Timur"],
      ["operation_kabkot", "Kutai Kartanegara"],
      ["representative_address", "Jl. Contoh Raya No. 7, Samarinda 75111"],
      ["company_type", "Mine Owner"],
      ["key_operation", "Coal Mining"],
      ["activities", "Mining, Hauling, Port Services"],
      ["website", "www.barasungai.example"],
      ["phone_number", "0541-000111"],
      ["email", "ir@barasungai.example"],
      // A list of records in a field, value table: each record's fields by its place in the list.
      ["mining_license.1.license_type", "IUP"],
      ["mining_license.1.license_number", "77/IUP/OP/2021"],
      ["mining_license.1.province", "Kalimantan Timur"],
      ["mining_license.1.licensed_area_ha", 5120.5],
      ["mining_contract", null],
      ["commodity", "Coal, Nickel"],
      ["aggregates.mining_site_count", 4],
      ["aggregates.mining_license_count", 2],
    ]);
  });

  test("an unknown field (esg_rating) does not appear", () => {
    expect(plain.cells.map((r) => r[0])).not.toContain("esg_rating");
  });

  test("the string-encoded variant (activities, mining_license, mining_contract, commodity) gives the same table", () => {
    const encoded = run("MINING_COMPANY", [11], "mining-company-string-encoded.json");
    expect(encoded.cells).toEqual(plain.cells);
    expect(fieldValues(encoded.cells).activities).toBe("Mining, Hauling, Port Services");
  });

  test("orient=rows gives one header row and one record row", () => {
    const { cells } = run("MINING_COMPANY", [11, "orient=rows"], "mining-company.json");
    expect(cells).toHaveLength(2);
    expect(cells[0]).toEqual(plain.cells.slice(1).map((r) => r[0]));
    expect(cells[1]).toEqual(plain.cells.slice(1).map((r) => r[1]));
  });
});

describe("MINING_FINANCIALS", () => {
  const plain = run("MINING_FINANCIALS", ["BRSG", "2024,2025"], "mining-financials.json");

  test("one column per category, the union over the years, each map's categories together", () => {
    expect(plain.urls).toEqual(["http://127.0.0.1:9/v2/mining/companies/BRSG.JK/financials/?years=2024,2025"]);
    expectRectangular(plain.cells);
    expect(plain.cells).toEqual([
      [
        "idx_ticker",
        "name",
        "year",
        "assets",
        "revenue",
        "revenue_breakdown.Coal",
        "revenue_breakdown.Logistics",
        "revenue_breakdown.Port Services",
        "cost_of_revenue",
        "cost_of_revenue_breakdown.Royalty",
        "cost_of_revenue_breakdown.Fuel",
        "net_profit",
      ],
      ["BRSG.JK", "PT Bara Sungai Tbk", 2025, 3100.25, 1850.75, 1700.5, 150.25, null, 1200.1, 210.4, 330.6, 402.3],
      ["BRSG.JK", "PT Bara Sungai Tbk", 2024, 2950, 1720.5, 1600, null, 120.5, 1105.9, 198.2, null, null],
    ]);
  });

  test("an unknown field (currency) does not appear", () => {
    expect(plain.cells[0]).not.toContain("currency");
    expect(plain.cells.flat()).not.toContain("USD m");
  });

  test("string-encoded revenue_breakdown and cost_of_revenue_breakdown give the same table", () => {
    expect(run("MINING_FINANCIALS", ["BRSG", "2024,2025"], "mining-financials-string-encoded.json").cells).toEqual(plain.cells);
  });
});

describe("MINING_PERFORMANCE", () => {
  const plain = run("MINING_PERFORMANCE", [11, ""], "mining-performance.json");

  test("commodity_stats as dotted columns; unknown strip_ratio dropped; null volume empty", () => {
    expect(plain.cells).toEqual([
      ["year", "commodity_type", "commodity_sub_type", "commodity_stats.unit", "commodity_stats.production_volume"],
      [2025, "Coal", "Thermal Coal", "Mt", 31.4],
      [2023, "Nickel", "Laterite Ore", "kt", null],
    ]);
  });

  test("string-encoded commodity_stats gives the same table", () => {
    expect(run("MINING_PERFORMANCE", [11, ""], "mining-performance-string-encoded.json").cells).toEqual(plain.cells);
  });
});

describe("GLOBAL_COMMODITY", () => {
  const plain = run("GLOBAL_COMMODITY", ["Nickel", ""], "global-commodity.json");

  test("one column per year of production_volume and production_share, years ascending in each group", () => {
    expect(plain.urls).toEqual(["http://127.0.0.1:9/v2/mining/global-commodity/?commodity_type=Nickel"]);
    expectRectangular(plain.cells);
    expect(plain.cells).toEqual([
      [
        "id",
        "country",
        "commodity_type",
        "resources_reserves",
        "resources_reserves_share",
        "export_import",
        "production_volume.2021",
        "production_volume.2022",
        "production_volume.2023",
        "production_volume.2024",
        "production_share.2021",
        "production_share.2022",
        "production_share.2023",
        "production_share.2024",
      ],
      ["40", "Indonesia", "Nickel", null, null, null, null, 1580, 1800.5, 2200, null, 48.1, 50.2, 59.9],
      ["41", "Philippines", "Nickel", 4800, 3.5, null, 387, 345, 400, null, 14.2, 10.5, 11.1, null],
    ]);
  });

  test("an unknown field (production_volume_unit) does not appear", () => {
    expect(plain.cells[0]).not.toContain("production_volume_unit");
    expect(plain.cells.flat()).not.toContain("kt");
  });

  test("string-encoded production_volume and production_share give the same table", () => {
    expect(run("GLOBAL_COMMODITY", ["Nickel", ""], "global-commodity-string-encoded.json").cells).toEqual(plain.cells);
  });

  test("fields=country,production_share picks the year columns by their dotted prefix", () => {
    const { cells } = run("GLOBAL_COMMODITY", ["Nickel", "", "fields=country,production_share"], "global-commodity.json");
    expect(cells).toEqual([
      ["country", "production_share.2021", "production_share.2022", "production_share.2023", "production_share.2024"],
      ["Indonesia", null, 48.1, 50.2, 59.9],
      ["Philippines", 14.2, 10.5, 11.1, null],
    ]);
  });
});

describe("SALES_DESTINATION", () => {
  const { cells, urls } = run("SALES_DESTINATION", ["brsg"], "sales-destination.json");

  test("long rows: year, country and the four measures; years ascending, each with its own countries", () => {
    expect(urls).toEqual(["http://127.0.0.1:9/v2/sales-destination/?ticker=BRSG.JK"]);
    expectRectangular(cells);
    expect(cells).toEqual([
      ["year", "country", "revenue", "percentage_of_total_revenue", "volume", "percentage_of_sales_volume"],
      [2023, "China", 380, 28.5, 9.1, 29.4],
      [2023, "India", 220.25, 16.5, 5.4, null],
      [2023, "Japan", 150, 11.25, 3.2, null],
      [2024, "China", 410.5, 30.25, 9.8, 31],
      [2024, "Vietnam", null, null, 2.1, 6.6],
    ]);
  });

  test("an unknown field (port) does not appear", () => {
    expect(cells.flat()).not.toContain("Hai Phong");
  });

  test("a year whose countries arrive JSON-encoded gives the same rows", () => {
    const data = JSON.parse(fixture("sales-destination.json"));
    const encoded = { "2023": JSON.stringify(data["2023"]), "2024": data["2024"] };
    expect(serve("SALES_DESTINATION", ["BRSG"], JSON.stringify(encoded)).cells).toEqual(cells);
  });
});
