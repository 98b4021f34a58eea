// COMPANY through the built bundles (npm run build first) against the live sandbox, every front
// end's clock at the sandbox's day: in Excel with data types an entity per company (typed
// properties, a card), a range a column of them; without data types the `field, value` table with
// the same numbers; the card's numbers are VALUE's; a second card costs no request; VALUE over a
// card reads it without one; the command line and Sheets show the same fields and numbers.
import { loadScript, plain } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { CARD_FIELDS } from "../../shared/catalogue/company-fields";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { mdqAt } from "../cli/mdq-at";
import { dateFrom } from "../moving-date";
import { cellError, loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

const TODAY = "2025-06-30";
const NOW = `${TODAY}T12:00:00Z`;

/** office.js's requirements as an Excel with these sets has them. */
function officeWith(sets: Record<string, string>) {
  const isSetSupported = (name: string, version = "1.1") => {
    const have = sets[name];
    if (have === undefined) return false;
    const [a, b] = [have.split(".").map(Number), version.split(".").map(Number)];
    for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
    return true;
  };
  return { context: { requirements: { isSetSupported } } };
}

const WITH_TYPES = officeWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.19" });
const WITHOUT_TYPES = officeWith({ CustomFunctionsRuntime: "1.3", ExcelApi: "1.12" });

let server: TestServer;
beforeAll(async () => {
  server = await startCountingSandbox(TODAY, "live");
});
afterAll(() => server.close());

const excel = (office: unknown) =>
  loadBundle(server.url, { stored: { [STORAGE_KEYS.edition]: "live" }, globals: { Date: dateFrom(NOW), Office: office } });

interface Entity {
  type: string;
  text: string;
  properties: Record<string, { type: string; basicValue: unknown; numberFormat?: string; properties?: unknown }>;
  layouts: { card: { title: { property: string }; sections: Array<{ title: string; properties: string[] }> } };
  provider: { description: string };
}

const labelOf = (name: string) => CARD_FIELDS.find((f) => f.name === name)?.label as string;

describe("in an Excel with data types", () => {
  test('COMPANY("BBCA") is an entity: typed numbers with formats, the listing date a date, a card titled with its name', async () => {
    const [[card]] = (await excel(WITH_TYPES).call("COMPANY", "BBCA")) as unknown as Entity[][];
    expect(card.type).toBe("Entity");
    const p = card.properties;
    for (const label of ["Market cap", "Last close"]) {
      expect(p[label]).toEqual({ type: "Double", basicValue: expect.any(Number), numberFormat: expect.any(String) });
      expect((p[label].basicValue as number) > 0).toBe(true);
    }
    expect(p["Listing date"]).toEqual({ type: "Double", basicValue: expect.any(Number), numberFormat: "yyyy-mm-dd" });
    expect(p.Name.type).toBe("String");
    expect(card.layouts.card.title).toEqual({ property: "Name" });
    expect(String(p.Name.basicValue).length).toBeGreaterThan(3);
    expect(card.text).toContain(String(p.Name.basicValue));
    expect(card.layouts.card.sections.map((s) => s.title)).toEqual(["Company", "Trading", "Valuation", "Financials"]);
    // Every property a section names is there; each section is a nested entity too.
    for (const s of card.layouts.card.sections) for (const label of s.properties) expect(p[label]).toBeDefined();
    expect(p.Valuation.type).toBe("Entity");
    expect(card.provider.description).toMatch(/^Market Data Query Service, fetched 2025-06-30 \d\d:\d\d UTC$/);
    // Fractions as percentages, multiples with decimals.
    expect(p["Net margin"].numberFormat).toContain("%");
    expect(p["P/E"].numberFormat).toBe("#,##0.00");
  });

  test("a range of three tickers gives a column of three entities, one per market", async () => {
    const cells = (await excel(WITH_TYPES).call("COMPANY", [["BBCA"], ["1155"], ["D05"]])) as unknown as Entity[][];
    expect(cells.map((row) => row.length)).toEqual([1, 1, 1]);
    expect(cells.map(([c]) => c.type)).toEqual(["Entity", "Entity", "Entity"]);
    expect(cells.map(([c]) => c.properties.Market.basicValue)).toEqual(["IDX", "KLSE", "SGX"]);
    // A field a market does not publish is absent, never 0: KLSE publishes no listing date nor close.
    expect(cells[1][0].properties["Listing date"]).toBeUndefined();
    expect(cells[1][0].properties["Last close"]).toBeUndefined();
    // Each card's prices to its own market's tick, as that market's rows show them: whole rupiah
    // at the IDX, 3 decimals at SGX (not one format for every market).
    for (const label of ["Last close", "52-week high"]) {
      expect(cells[0][0].properties[label]).toMatchObject({ numberFormat: "#,##0" });
      expect(cells[2][0].properties[label]).toMatchObject({ numberFormat: "#,##0.000" });
    }
  });

  test("one company that fails is its cell's error, saying why; the others are cards", async () => {
    const cells = await excel(WITH_TYPES).call("COMPANY", [["BBCA"], ["ZZZZ"]]);
    expect((cells[0][0] as Entity).type).toBe("Entity");
    expect(cells[1][0]).toMatchObject({ code: "#N/A", message: expect.stringMatching(/\S/) });
    await expect(cellError(excel(WITH_TYPES).call("COMPANY", "ZZZZ"))).resolves.toMatchObject({ code: "#N/A" });
  });

  test("the card's revenue TTM and market cap are VALUE's; a second card and VALUE over the card cost no request", async () => {
    const book = excel(WITH_TYPES);
    const [[card]] = (await book.call("COMPANY", "BBRI")) as unknown as Entity[][];
    const before = server.hits.length;
    const [[again]] = (await book.call("COMPANY", "BBRI")) as unknown as Entity[][];
    expect(server.hits.length).toBe(before);
    expect(again.properties).toEqual(card.properties);
    // VALUE over the card: read from it, no request.
    const [[fromCard]] = await book.call("VALUE", card, "market_cap", -1);
    expect(fromCard).toEqual(card.properties["Market cap"]);
    const [[revenueFromCard]] = await book.call("VALUE", card, "revenue", "TTM");
    expect(revenueFromCard).toEqual(card.properties["Revenue TTM"]);
    expect(server.hits.length).toBe(before);
    // VALUE on its own, in a fresh workbook: the same numbers.
    const fresh = excel(WITHOUT_TYPES);
    const [[revenue]] = await fresh.call("VALUE", "BBRI", "revenue", "TTM");
    const [[marketCap]] = await fresh.call("VALUE", "BBRI", "market_cap", -1);
    expect(revenue).toBe(card.properties["Revenue TTM"].basicValue);
    expect(marketCap).toBe(card.properties["Market cap"].basicValue);
  });

  test("a column of cards costs each company's own requests, no more than that many times one card's", async () => {
    const one = server.hits.length;
    await excel(WITH_TYPES).call("COMPANY", "ASII");
    const perCard = server.hits.length - one;
    expect(perCard).toBe(4);
    const tickers = ["UNVR", "BBNI", "BRIS", "BBTN", "BNGA"];
    const before = server.hits.length;
    const cells = (await excel(WITH_TYPES).call(
      "COMPANY",
      tickers.map((t) => [t]),
    )) as unknown as Entity[][];
    expect(cells.map(([c]) => c.type)).toEqual(tickers.map(() => "Entity"));
    const hits = server.hits.slice(before);
    expect(hits.length).toBeLessThanOrEqual(tickers.length * perCard);
    for (const t of tickers) expect(hits.filter((h) => h.includes(`/${t}/`))).toHaveLength(perCard);
  });

  test("explain=true names the card's requests and credits", async () => {
    const cells = await excel(WITH_TYPES).call("COMPANY", "BMRI", "explain=true");
    const rows = new Map<string, unknown[]>();
    for (const [what, detail] of cells) rows.set(String(what), [...(rows.get(String(what)) ?? []), detail]);
    const requests = rows.get("request") as string[];
    expect(requests).toEqual(
      expect.arrayContaining([
        "GET /v2/company/report/BMRI/?sections=overview",
        "GET /v2/company/report/BMRI/?sections=dividend",
        expect.stringMatching(/^GET \/v2\/daily\/BMRI\/\?start=/),
        expect.stringMatching(/^GET \/v2\/financials\/quarterly\/BMRI\/\?n_quarters=\d+$/),
      ]),
    );
    expect(rows.get("credits of this cell")?.[0]).toEqual(expect.any(Number));
    expect(rows.get("credits of this cell")?.[0] as number).toBeGreaterThanOrEqual(requests.length);
  });
});

describe("in an Excel without data types", () => {
  test("the same call is a two-column table with the same numbers", async () => {
    const [[card]] = (await excel(WITH_TYPES).call("COMPANY", "TLKM")) as unknown as Entity[][];
    const table = await excel(WITHOUT_TYPES).call("COMPANY", "TLKM");
    expect(table[0]).toEqual(["field", "value"]);
    expect(table.every((row) => row.length === 2)).toBe(true);
    const byField = new Map(table.slice(1).map(([f, v]) => [String(f), v]));
    for (const [name, value] of byField) {
      const property = card.properties[labelOf(name)];
      expect([name, typeof property.basicValue === "number" ? property.basicValue : property.basicValue]).toEqual([
        name,
        typeof value === "string" && property.numberFormat === "yyyy-mm-dd" ? property.basicValue : value,
      ]);
    }
    expect(byField.size).toBe(
      Object.keys(card.properties).filter((k) => !["Company", "Trading", "Valuation", "Financials"].includes(k)).length,
    );
  });

  test("a range gives one row per company", async () => {
    const table = await excel(WITHOUT_TYPES).call("COMPANY", [["BBCA"], ["D05"]]);
    expect(table[0].slice(0, 3)).toEqual(["ticker", "symbol", "name"]);
    expect(table.slice(1).map((r) => r[0])).toEqual(["BBCA", "D05"]);
  });
});

describe("the command line and Sheets", () => {
  // Apps Script's fetch blocks the thread: the sandbox answers from a worker.
  let worker: Running;
  beforeAll(async () => {
    worker = await startSandboxWorker({ apiKey: "demo", today: TODAY, edition: "live" });
  });
  afterAll(() => worker.close());
  const cli = (ticker: string) =>
    mdqAt(NOW, ["COMPANY", ticker, "--base-url", worker.url, "--api-key", "demo", "--format", "json"], { MDQ_EDITION: "live" });

  test('mdq COMPANY BBCA and =MDQ_COMPANY("BBCA") give the same fields and numbers', async () => {
    const command = await cli("BBCA");
    expect(command.code).toBe(0);
    const script = loadScript({ baseUrl: worker.url, apiKey: "demo", edition: "live", virtualTime: true, startsAt: Date.parse(NOW) });
    const sheets = plain(script.ctx.MDQ_COMPANY("BBCA", "dates=text")) as unknown[][];
    expect(sheets).toEqual(command.out);
    const fields = (command.out as unknown[][]).map((r) => r[0]);
    expect(fields).toEqual(expect.arrayContaining(["symbol", "market_cap", "revenue_ttm", "last_close", "listing.date"]));
  });

  test.each([
    ["1155", "KLSE"],
    ["D05", "SGX"],
  ])("mdq COMPANY %s works", async (ticker, market) => {
    const command = await cli(ticker);
    expect(command.stderr).toBe("");
    const rows = new Map((command.out as unknown[][]).map(([f, v]) => [f, v]));
    expect(rows.get("market")).toBe(market);
    expect(rows.get("market_cap")).toEqual(expect.any(Number));
    expect(rows.has("listing.date")).toBe(false);
  });
});
