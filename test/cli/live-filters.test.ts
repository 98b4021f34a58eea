// The live edition's filters through the built `mdq` command, against the sandbox speaking that
// edition (behind a recording proxy): each filter is sent as the service names it, and narrows the
// answer: every row it keeps matches, and the same call without it has rows that do not.
import { liveBehindProxy } from "./live-proxy";

const live = liveBehindProxy();

type Table = unknown[][];

async function table(args: string[]): Promise<Table> {
  const { code, stdout, stderr } = await live.mdq(args);
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  return JSON.parse(stdout) as Table;
}

/** A column's values, header left out. */
const column = (t: Table, name: string) => {
  expect(t[0]).toContain(name);
  return t.slice(1).map((row) => row[t[0].indexOf(name)]);
};

const LOOKUP = (ticker: string) => `/v2/mining/companies/?keyword=${ticker}&limit=30`;
const descending = (values: unknown[]) => {
  const known = values.filter((v) => v !== null) as number[];
  return known.every((v, i) => i === 0 || known[i - 1] >= v) && values.slice(known.length).every((v) => v === null);
};
const includes = (item: string) => (cell: unknown) => String(cell).split(", ").includes(item);

/** The call without the filter, the call with it, the requests the latter sends, and what every
 *  row of a column it keeps must satisfy (a row of the call without it must not). */
const CASES: Array<[string, string[], string[], string[], string, (cell: unknown) => boolean]> = [
  [
    "NEWS commodity_type",
    ["NEWS", "", "", "", "extension=mining; n=30"],
    ["NEWS", "", "", "", "commodity_type=nickel; n=30"],
    ["/v2/news/?commodity_type=Nickel&extension=mining&limit=30&offset=0"],
    "commodity_type",
    includes("Nickel"),
  ],
  [
    "NEWS keyword",
    ["NEWS", "", "", "", "n=30"],
    ["NEWS", "", "", "", "keyword=Bank; n=30"],
    ["/v2/news/?keyword=Bank&limit=30&offset=0"],
    "title",
    (title) => String(title).toLowerCase().includes("bank"),
  ],
  [
    "FILINGS holder_type",
    ["FILINGS", "", "", "", "n=30"],
    ["FILINGS", "", "", "", "holder_type=institution; n=30"],
    ["/v2/filings/?holder_type=institution&limit=30&offset=0"],
    "holder_type",
    (type) => type === "institution",
  ],
  [
    "MINING_COMPANIES company_type",
    ["MINING_COMPANIES", "", "", "30"],
    ["MINING_COMPANIES", "", "", "30", "", "company_type=holding"],
    ["/v2/mining/companies/?company_type=Holding&limit=30"],
    "company_type",
    (type) => type === "Holding",
  ],
  [
    // The demo data gives financials to the listed companies.
    "MINING_COMPANIES has_financials",
    ["MINING_COMPANIES", "", "", "30"],
    ["MINING_COMPANIES", "", "", "30", "", "has_financials=true"],
    ["/v2/mining/companies/?has_financials=true&limit=30"],
    "symbol",
    (symbol) => typeof symbol === "string" && symbol.endsWith(".JK"),
  ],
  [
    "MINING_LICENSES company (a ticker, looked up)",
    ["MINING_LICENSES", "", "", "", "30"],
    ["MINING_LICENSES", "", "", "", "30", "", "company=MDKA"],
    [LOOKUP("MDKA"), "/v2/mining/licenses/?company=pt-merdeka-copper-gold-tbk&limit=30"],
    "company_slug",
    (slug) => slug === "pt-merdeka-copper-gold-tbk",
  ],
  [
    "MINING_LICENSES license_type",
    ["MINING_LICENSES", "", "", "", "30"],
    ["MINING_LICENSES", "", "", "", "30", "", "license_type=iupk"],
    ["/v2/mining/licenses/?license_type=IUPK&limit=30"],
    "license_type",
    (type) => type === "IUPK",
  ],
  [
    "MINING_LICENSES activity",
    ["MINING_LICENSES", "", "", "", "30"],
    ["MINING_LICENSES", "", "", "", "30", "", "activity=eksplorasi"],
    ["/v2/mining/licenses/?activity=Eksplorasi&limit=30"],
    "activity",
    (activity) => activity === "Eksplorasi",
  ],
  [
    "MINING_LICENSES cnc",
    ["MINING_LICENSES", "", "", "", "30"],
    ["MINING_LICENSES", "", "", "", "30", "", "cnc=TRUE"],
    ["/v2/mining/licenses/?cnc=true&limit=30"],
    "cnc",
    (cnc) => cnc === "CNC",
  ],
  [
    "MINING_SITES company (a slug)",
    ["MINING_SITES", "", "", "", "", "30"],
    ["MINING_SITES", "", "", "", "", "30", "", "company=pt-adaro-energy-indonesia-tbk"],
    ["/v2/mining/sites/?company=pt-adaro-energy-indonesia-tbk&limit=30"],
    "company_slug",
    (slug) => slug === "pt-adaro-energy-indonesia-tbk",
  ],
  [
    "MINING_SITES year",
    ["MINING_SITES", "", "", "", "", "30", "", "order_by=year"],
    ["MINING_SITES", "", "", "", "", "30", "", "year=2023"],
    ["/v2/mining/sites/?limit=30&year=2023"],
    "year",
    (year) => year === 2023,
  ],
  [
    "MINING_PERFORMANCE commodity_type",
    ["MINING_PERFORMANCE", "ANTM", "2024"],
    ["MINING_PERFORMANCE", "ANTM", "2024", "commodity_type=gold"],
    [LOOKUP("ANTM"), "/v2/mining/companies/performance/pt-aneka-tambang-tbk/?commodity_type=Gold&year=2024"],
    "commodity_type",
    (commodity) => commodity === "Gold",
  ],
];

test.each(CASES)("%s narrows the answer", async (_name, without, withFilter, requests, name, matches) => {
  const all = column(await table(without), name);
  live.proxy.seen.length = 0;
  const kept = column(await table(withFilter), name);
  expect(live.proxy.seen.map((s) => s.url)).toEqual(requests);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((cell) => !matches(cell))).toEqual([]);
  expect(all.some((cell) => !matches(cell))).toBe(true);
});

test("NEWS extension=mining: the mining articles, with their commodities and no IDX fields", async () => {
  live.proxy.seen.length = 0;
  const mining = await table(["NEWS", "", "", "", "extension=mining; n=5"]);
  expect(live.proxy.seen.map((s) => s.url)).toEqual(["/v2/news/?extension=mining&limit=5&offset=0"]);
  expect(mining[0]).toEqual(["title", "source", "timestamp", "commodity_type"]);
  expect(mining).toHaveLength(6);
});

test.each([
  ["MINING_LICENSES", ["MINING_LICENSES", "", "", "", "30", "", "order_by=-licensed_area_ha"], "licensed_area_ha"],
  ["MINING_SITES", ["MINING_SITES", "", "", "", "", "30", "", "order_by=-strip_ratio"], "strip_ratio"],
])("%s order_by sorts by the field asked, descending", async (_name, args, field) => {
  const sorted = column(await table(args), field);
  expect(sorted.filter((v) => v !== null).length).toBeGreaterThan(1);
  expect(descending(sorted)).toBe(true);
  const unsorted = column(await table(args.slice(0, -1)), field);
  expect(descending(unsorted)).toBe(false);
});
