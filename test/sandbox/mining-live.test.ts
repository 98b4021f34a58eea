// The live edition's mining functions against the sandbox, each checked against another function
// over the same data: MINERAL_COMPANIES keeps its spec columns, the national figures add up to
// GLOBAL_COMMODITY's, a site and an auction agree with their lists, ownership runs both ways.

import { EDITIONS, type Edition } from "../../shared/base/editions";
import type { Cell } from "../../shared/base/table";
import { functionNamed } from "../../shared/catalogue/catalogue";
import { callAsync } from "../../shared/drive/async-host";
import { fetchHost } from "../../shared/drive/fetch-transport";
import { startSandbox } from "../../src/sandbox/server";

const TODAY = "2025-06-30";
const sandboxes = {} as Record<Edition, Awaited<ReturnType<typeof startSandbox>>>;
beforeAll(async () => {
  for (const edition of EDITIONS) sandboxes[edition] = await startSandbox({ port: 0, today: TODAY, edition });
});
afterAll(() => Promise.all(EDITIONS.map((e) => sandboxes[e].close())));

async function table(name: string, args: unknown[], edition: Edition = "live") {
  const settings = { baseUrl: sandboxes[edition].url, apiKey: sandboxes[edition].apiKey, edition };
  return (await callAsync(functionNamed(name), args as never, settings, fetchHost(fetch as never))).cells;
}

/** The rows of a table as records by its header. */
const records = (cells: Cell[][]) => cells.slice(1).map((row) => Object.fromEntries(cells[0].map((c, i) => [String(c), row[i]])));

test("MINERAL_COMPANIES has the same columns and companies in both editions, so a workbook survives a change of edition", async () => {
  const spec = await table("MINERAL_COMPANIES", ["", "Nickel", 30], "spec");
  const live = await table("MINERAL_COMPANIES", ["", "Nickel", 30], "live");
  expect(live[0]).toEqual(spec[0]);
  expect(live[0]).toEqual(["id", "name", "idx_ticker", "company_type", "key_operation"]);
  const names = (cells: Cell[][]) => records(cells).map((r) => r.name);
  expect(names(live).sort()).toEqual(names(spec).sort());
  // The live id is the slug MINING_COMPANY takes there.
  const vale = records(live).find((r) => r.idx_ticker === "INCO.JK");
  expect(await table("MINING_COMPANY", [vale?.id])).toContainEqual(["symbol", "INCO.JK"]);
});

test("MINING_OWNERSHIP runs both ways: a subsidiary names its parent with the same stake", async () => {
  const bumi = records(await table("MINING_OWNERSHIP", ["BUMI"]));
  const kpc = bumi.find((r) => r.relation === "subsidiary" && r.name === "PT Kaltim Prima Coal");
  expect(kpc).toBeDefined();
  const parents = records(await table("MINING_OWNERSHIP", [kpc?.slug])).filter((r) => r.relation === "parent");
  expect(parents).toContainEqual(expect.objectContaining({ symbol: "BUMI.JK", percentage_ownership: kpc?.percentage_ownership }));
});

test("MINING_SITE is the latest year of its MINING_SITES rows, with its reserves and location as columns", async () => {
  const [site] = records(await table("MINING_SITE", ["Tutupan Selatan"]));
  const listed = records(await table("MINING_SITES", ["", "Coal", "", "year", 30])).find((r) => r.slug === "tutupan-selatan");
  expect(site).toMatchObject({ name: listed?.name, year: listed?.year, production_volume: listed?.production_volume });
  expect(site["resources_reserves.total_reserves_Mt"]).toEqual(expect.any(Number));
  expect(site["location.latitude"]).toEqual(expect.any(Number));
});

test("MINING_SITE and MINING_OWNERSHIP of several keys: one table, the key first", async () => {
  const sites = await table("MINING_SITE", ["tutupan-selatan, pit-hatari"]);
  expect(sites.map((r) => r[0])).toEqual(["site", "tutupan-selatan", "pit-hatari"]);
  const owners = await table("MINING_OWNERSHIP", [[["BUMI"], ["ANTM"]]]);
  expect(owners[0]).toEqual(["company", "relation", "name", "slug", "symbol", "percentage_ownership"]);
  expect(new Set(owners.slice(1).map((r) => r[0]))).toEqual(new Set(["BUMI", "ANTM"]));
});

test("LICENSE_AUCTION of a listed auction: its participants are the list's participant_count", async () => {
  const [first] = records(await table("LICENSE_AUCTIONS", ["", "Coal", "", "", 5, "", "order_by=-participant_count"]));
  const participants = await table("LICENSE_AUCTION", [first.wiup_code, "participants"]);
  expect(participants.length - 1).toBe(first.participant_count);
  const phases = records(await table("LICENSE_AUCTION", [first.wiup_code, "phases"]));
  expect(phases.map((p) => p.order)).toEqual([1, 2, 3, 4]);
});

test("LICENSE_AUCTIONS filters as the service does: a province and commodity it takes, a qualified participant", async () => {
  const maluku = records(await table("LICENSE_AUCTIONS", ["Maluku Utara", "Nickel", "", "", 30]));
  expect(maluku.length).toBeGreaterThan(0);
  expect(maluku.every((r) => r.province === "Maluku Utara" && r.commodity_type === "Nickel")).toBe(true);
  const [auction] = maluku;
  const passed = records(await table("LICENSE_AUCTION", [auction.wiup_code, "participants"])).find(
    (p) => p.qualification_result === "Lolos",
  );
  const theirs = records(await table("LICENSE_AUCTIONS", ["", "", "", passed?.company_name, 30, "", "qualified=true"]));
  expect(theirs.map((r) => r.wiup_code)).toContain(auction.wiup_code);
});

test("TOTAL_PRODUCTION and MINING_EXPORTS add up to Indonesia's row of GLOBAL_COMMODITY", async () => {
  const [indonesia] = records(await table("GLOBAL_COMMODITY", ["Coal", "Indonesia"]));
  const production = records(await table("TOTAL_PRODUCTION", ["coal"]));
  expect(production[0].year).toBe(2024);
  for (const row of production) expect(row.production_volume).toBe(indonesia[`production_volume.${row.year}`]);
  expect(production[0].yoy_change_percent).toBeCloseTo(
    ((production[0].production_volume as number) / (production[1].production_volume as number) - 1) * 100,
    1,
  );
  const exports = records(await table("MINING_EXPORTS", ["Coal", 2024, 30]));
  const sum = exports.reduce((s, r) => s + (r.export_usd as number), 0);
  expect(Math.abs(sum - (indonesia["export_import_usd.2024.export"] as number))).toBeLessThan(exports.length);
});

test("RESOURCES_RESERVES: the index lists a province's years, whose figures come by year and commodity", async () => {
  const index = records(await table("RESOURCES_RESERVES", ["", "Coal"]));
  const years = index.filter((r) => r.province === "Kalimantan Timur").map((r) => r.year);
  expect(years).toContain(2024);
  expect(index.every((r) => r.commodity_type === "Coal")).toBe(true);
  const figures = records(await table("RESOURCES_RESERVES", ["kalimantan timur", "coal"]));
  expect(figures.map((r) => r.year)).toEqual(years);
  expect(figures[0]).toMatchObject({ province: "Kalimantan Timur", commodity_type: "Coal", total_reserves_Mt: expect.any(Number) });
});

test("MINING_CONTRACTS by the contractor's name: its contracts only", async () => {
  const all = records(await table("MINING_CONTRACTS", []));
  const pama = records(await table("MINING_CONTRACTS", ["PT Pama Persada Nusantara"]));
  expect(pama.length).toBeGreaterThan(0);
  expect(pama).toEqual(all.filter((r) => r.contractor_slug === "pt-pama-persada-nusantara"));
});
