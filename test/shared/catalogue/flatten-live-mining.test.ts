// The live edition's mining registers and details, from fixtures shaped like the provider's
// examples (own values), through the real pipeline to the exact table: nested lists as rows of
// their own, nested objects as dotted columns, never JSON text in a cell.
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { prepare } from "../../../shared/request/prepare";
import { expectRectangular, failure, recordLive, serveLive } from "../harness";

const B = "http://127.0.0.1:9";
const LOOKUP = `${B}/v2/mining/companies/?keyword=BRSG&limit=30`;
const noJson = (cells: unknown[][]) => expect(cells.flat().filter((c) => typeof c === "string" && /^[[{]/.test(c))).toEqual([]);

test("MINING_OWNERSHIP: parents then subsidiaries, one row per stake, a ticker looked up to its slug", () => {
  const { cells, urls } = serveLive("MINING_OWNERSHIP", ["brsg"]);
  expect(urls).toEqual([LOOKUP, `${B}/v2/mining/companies/ownership/pt-bara-sungai-tbk/`]);
  expect(cells).toEqual([
    ["relation", "name", "slug", "symbol", "percentage_ownership"],
    ["parent", "PT Sungai Induk Investama", "pt-sungai-induk-investama", null, 58.2],
    ["subsidiary", "PT Bara Sungai Logistik", "pt-bara-sungai-logistik", null, 99.9],
    ["subsidiary", "PT Nikel Timur Jaya", "pt-nikel-timur-jaya", null, 35],
  ]);
});

test("MINING_CONTRACTS: a name is sent as its slug; an open-ended contract has no end", () => {
  const { cells, urls } = serveLive("MINING_CONTRACTS", ["PT Gali Tanah Perkasa"]);
  expect(urls).toEqual([`${B}/v2/mining/contracts/?contractor=pt-gali-tanah-perkasa`]);
  expect(cells[0]).toEqual(["mine_owner_slug", "mine_owner_name", "contractor_slug", "contractor_name", "contract_period_end"]);
  expect(cells[2][4]).toBeNull();
});

test("MINING_EXPORTS and TOTAL_PRODUCTION: the service's rows, a missing figure empty", () => {
  const exports = serveLive("MINING_EXPORTS", ["coal", 2024]);
  expect(exports.urls).toEqual([`${B}/v2/mining/exports/?commodity_type=Coal&year=2024`]);
  expect(exports.cells[2]).toEqual(["Thailand", 1835000000, 22.913, null, "Mt"]);
  const total = serveLive("TOTAL_PRODUCTION", ["COAL"]);
  expect(total.urls).toEqual([`${B}/v2/mining/total-production/?commodity_type=Coal`]);
  expect(total.cells[0]).toEqual(["year", "production_volume", "prev_year_volume", "unit", "yoy_change_percent"]);
  expect(total.cells[3]).toEqual([2014, 458, null, "Mt", null]);
});

test("LICENSE_AUCTIONS: the envelope's auctions; a tender not yet awarded keeps its empty fields", () => {
  const { cells, urls } = serveLive("LICENSE_AUCTIONS", ["maluku utara", "", "", "", 5, "", "order_by=-licensed_area_ha"]);
  expect(urls).toEqual([`${B}/v2/mining/license-auctions/?limit=5&order_by=-licensed_area_ha&province=Maluku%20Utara`]);
  expectRectangular(cells);
  const at = (row: number, name: string) => cells[row][cells[0].indexOf(name)];
  expect(at(1, "wiup_code")).toBe("8203012052025004");
  expect(at(1, "winner")).toBe(true);
  expect(at(2, "license_number")).toBeNull();
});

test("LICENSE_AUCTION: the auction as one row; its phases and its participants as rows of their own", () => {
  const auction = serveLive("LICENSE_AUCTION", [8203012052025004]);
  expect(auction.urls).toEqual([`${B}/v2/mining/license-auctions/8203012052025004/`]);
  expect(auction.cells).toHaveLength(2);
  expect(auction.cells[0]).not.toContain("participants");
  expect(auction.cells[1][auction.cells[0].indexOf("last_modified")]).toBe("2025-04-02");
  const phases = serveLive("LICENSE_AUCTION", ["8203012052025004", "phases"]).cells;
  expect(phases).toEqual([
    ["order", "description", "start_date", "end_date"],
    [1, "Pengumuman Lelang", "2024-12-02", "2024-12-16"],
    [2, "Penetapan Pemenang", "2025-03-14", null],
  ]);
  const participants = serveLive("LICENSE_AUCTION", ["8203012052025004", "participants"]).cells;
  expect(participants[0]).toEqual(["NIB", "company_name", "email", "qualification_result"]);
  expect(participants.map((r) => r[3])).toEqual(["qualification_result", "Lolos", "Tidak Lolos", "Lolos"]);
});

test("MINING_SITE: one row, its reserves and location as dotted columns", () => {
  const { cells, urls } = serveLive("MINING_SITE", ["Sungai Hulu"]);
  expect(urls).toEqual([`${B}/v2/mining/sites/sungai-hulu/`]);
  noJson(cells);
  const row = Object.fromEntries(cells[0].map((name, i) => [name, cells[1][i]]));
  expect(row).toMatchObject({
    name: "Sungai Hulu",
    overburden_removal_volume: 51.84,
    "resources_reserves.total_reserves_Mt": 150,
    "resources_reserves.calorific_value_kcal": 4600,
    "location.latitude": -0.402311,
    slug: "sungai-hulu",
  });
});

test("RESOURCES_RESERVES: a province's figures by year (newest first) and commodity, each figure a column", () => {
  const { cells, urls } = serveLive("RESOURCES_RESERVES", ["kalimantan timur", "coal", 2024]);
  expect(urls).toEqual([`${B}/v2/mining/resources-reserves/Kalimantan%20Timur/?commodity_type=Coal&year=2024`]);
  expect(cells[0].slice(0, 4)).toEqual(["province", "year", "commodity_type", "exploration_target_Mt"]);
  // The fixture answers every year: the rows are the service's, as it answered.
  expect(cells.slice(1).map((r) => [r[1], r[2]])).toEqual([
    [2025, "Coal"],
    [2025, "Gold"],
    [2024, "Coal"],
  ]);
  expect(cells[2][cells[0].indexOf("total_reserves_koz")]).toBe(240.1);
});

test("RESOURCES_RESERVES without a province: the index, one row per province, commodity and year, kept to what was asked", () => {
  const { cells, urls } = serveLive("RESOURCES_RESERVES", ["", "nickel"]);
  expect(urls).toEqual([`${B}/v2/mining/resources-reserves/`]);
  expect(cells).toEqual([
    ["province", "commodity_type", "year"],
    ["Maluku Utara", "Nickel", 2025],
    ["Maluku Utara", "Nickel", 2024],
  ]);
  expect(serveLive("RESOURCES_RESERVES", ["", "", 2023]).cells).toEqual([
    ["province", "commodity_type", "year"],
    ["Kalimantan Timur", "Coal", 2023],
  ]);
});

test("MINERAL_COMPANIES in the live edition: the mining company list under the spec edition's columns", () => {
  const { cells, urls } = serveLive("MINERAL_COMPANIES", ["", "coal", 5]);
  expect(urls).toEqual([`${B}/v2/mining/companies/?commodity_type=Coal&limit=5`]);
  expect(cells).toEqual([
    ["id", "name", "idx_ticker", "company_type", "key_operation"],
    ["pt-bara-sungai-tbk", "PT Bara Sungai Tbk", "BRSG.JK", "Mine Owner", "Coal Mining"],
    ["pt-nikel-timur-jaya", "PT Nikel Timur Jaya", null, "Contractor", "Nickel Processing"],
  ]);
});

test("refused before any request: a value outside the path's list, qualified without a participant, a bad code", () => {
  const refused = (name: string, args: unknown[]) => {
    const { urls, error } = recordLive(name, args as never);
    expect(urls).toEqual([]);
    return error?.message;
  };
  expect(refused("MINING_EXPORTS", ["Nickel", 2024])).toMatch(/'commodity' must be one of Coal, Copper, Gold \(got "Nickel"\)/);
  expect(refused("MINING_EXPORTS", ["Coal"])).toMatch(/'year' is required/);
  expect(refused("TOTAL_PRODUCTION", ["Tin"])).toMatch(/'commodity' must be one of Coal, Copper, Gold, Nickel/);
  expect(refused("LICENSE_AUCTIONS", ["Papua"])).toMatch(/'province' must be one of Bengkulu, .*Sumatera Selatan \(got "Papua"\)/);
  expect(refused("LICENSE_AUCTIONS", ["", "", "", "", "", "", "qualified=true"])).toMatch(/'qualified' needs a 'participant'/);
  expect(refused("LICENSE_AUCTIONS", ["", "", "", "", "", "", "order_by=price"])).toMatch(
    /'order_by' must be one of winner_date, -winner_date/,
  );
  expect(refused("LICENSE_AUCTION", ["12/34"])).toMatch(/'wiup_code' must be a WIUP code/);
  expect(refused("RESOURCES_RESERVES", ["Atlantis"])).toMatch(
    /'province' must be one of Indonesia's provinces, e.g. Kalimantan Timur or Papua Barat Daya \(got "Atlantis"\)/,
  );
  expect(refused("MINING_OWNERSHIP", [12])).toMatch(/numeric mining company id is not offered by the live edition/);
});

test("the spec edition refuses each before any request, naming what to use there", () => {
  const spec = { baseUrl: "https://api.example.com/", apiKey: "k", edition: "spec" as const };
  for (const name of [
    "MINING_OWNERSHIP",
    "MINING_CONTRACTS",
    "LICENSE_AUCTIONS",
    "LICENSE_AUCTION",
    "MINING_SITE",
    "RESOURCES_RESERVES",
    "TOTAL_PRODUCTION",
    "MINING_EXPORTS",
  ]) {
    const fn = functionNamed(name);
    const error = failure(() => prepare(fn, fn.example, spec));
    expect(error.kind).toBe("unsupported");
    expect(error.message).toContain(`${name} is not offered by the spec edition of the service. ${fn.instead}`);
  }
});
