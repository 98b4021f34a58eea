// COMPANY: a company at a glance (a card in Excel, a `field, value` table elsewhere), its fields
// read the way VALUE reads them: the same rows' requests (so a card shares its answers with VALUE,
// QUARTERLY, DAILY and the reports through the cache) and the same definitions (the card's revenue
// TTM is VALUE(ticker, "revenue", "TTM")). Its fields and their sources are ../company-fields.ts.
import * as z from "zod/mini";
import { readText } from "../../base/cells";
import { isMdqError } from "../../base/errors";
import type { Cell, Table } from "../../base/table";
import type { Values } from "../../input/arg-spec";
import { kind, parseArg } from "../../input/kinds";
import { parsePeriod } from "../../input/periods";
import type { CardSource, Market } from "../../rows/card";
import type { Get, Loader } from "../../rows/effects";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { CARD_FIELDS, CARD_INPUTS, cardColumnTypes, cardUnits, MARKET_NAME, sourceInWords } from "../company-fields";
import type { StatementsRead } from "./statement-load";
import { VALUE } from "./value";
import { type DailyRead, dailyValue } from "./value-daily";
import { DATASETS, datasetNamed, marketOf } from "./value-datasets";

const tickerKind = kind({
  rule: () => z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/), z.describe("an IDX ticker, a KLSE code or an SGX symbol")),
  // A KLSE code typed as a number has lost its leading zeros (0166 → 166).
  read: (v) => (typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 10_000 ? String(v).padStart(4, "0") : readText(v)),
  write: (text: string) => text,
});

/** The report dataset of a market, whose row checks the key's form. */
const reportOf = (market: Market) => DATASETS.find((d) => d.sections && d.market === market) ?? datasetNamed("company_report");

/** The key must have its market's form (the market's report row's own rule). */
function check(values: Values): string | undefined {
  const key = values.ticker ?? "";
  parseArg("ticker", reportOf(marketOf(key)).fn.args[0].kind, key, true);
  return undefined;
}

/** A request asked again within the card (two fields of one answer) is the first one's answer: a
 *  call keeps what it fetched only once it has made sense of all of it, so the cache cannot. */
function onceEach(get: Get): Get {
  const seen = new Map<string, unknown>();
  return function* (path, query, options) {
    const id = `${path}?${JSON.stringify(query)}`;
    if (seen.has(id)) return seen.get(id);
    // The card reads all of a request it widened for its fields (VALUE's `cover`): none of it is
    // another cell's share, so explain=true bills it whole to the card.
    const about = options?.about && { words: options.about.words, bookkeeping: options.about.bookkeeping };
    const json = yield* get(path, query, options && { ...options, about });
    seen.set(id, json);
    return json;
  };
}

/** What the card's load gives its layout: each field's value, those a market lacks left out. */
interface Card {
  fields: Array<[string, Cell]>;
}

const VALUE_LIVE = () => VALUE.editions.live as NonNullable<(typeof VALUE.editions)["live"]>;

const absent = (e: unknown) => isMdqError(e) && e.kind === "no_data";

const loadCard: Loader = function* (rawGet, values, first, all) {
  const key = values.ticker ?? "";
  const market = marketOf(key);
  const get = onceEach(rawGet);
  const now = first.now ?? 0;
  const value = VALUE_LIVE();
  const load = value.load as Loader;
  const got = new Map<string, Cell>();
  const fields = [...CARD_FIELDS, ...CARD_INPUTS].filter((f) => f.from[market]);
  // The quarterly and daily fields each reach as far as the widest of them, so that they share
  // one request (VALUE's `cover`, as a host gathering a company's VALUE cells would set it).
  const covers = new Map<string, number>();
  const valueArgs = (source: { value: string; period: string }): Values => ({
    key,
    field: source.value === "date" ? "close" : source.value,
    period: source.period,
  });
  for (const f of fields) {
    const source = f.from[market] as CardSource;
    if (!("value" in source)) continue;
    const g = VALUE.gathering?.(valueArgs(source), now);
    if (g) covers.set(g.group, Math.max(covers.get(g.group) ?? 0, g.cover));
  }
  const withCover = (v: Values): Values => {
    const g = VALUE.gathering?.(v, now);
    return g ? { ...v, cover: String(covers.get(g.group) ?? g.cover) } : v;
  };
  for (const f of fields) {
    const source = f.from[market] as CardSource;
    if ("quotient" in source || "quarter" in source) continue;
    if ("market" in source) {
      got.set(f.name, MARKET_NAME[market]);
      continue;
    }
    if ("value" in source) {
      const v = withCover(valueArgs(source));
      const raw = yield* load(get, v, first, all);
      const cell = readValue(raw, v, source.value, key);
      if (cell !== undefined) got.set(f.name, cell);
      continue;
    }
    // A report field: the report's table for its section, through VALUE's own load of it.
    const column = "report" in source ? source.report : source.dated;
    const section = column.includes(".") ? column.split(".")[0] : "overview";
    const table = (yield* load(get, { key, field: column.includes(".") ? column : `${section}.${column}` }, first, all)) as Table;
    const cell = "report" in source ? columnValue(table, column) : datedValue(table, column);
    if (cell !== undefined) got.set(f.name, cell);
  }
  // The latest quarter: the one VALUE's TTM ends at.
  if (fields.some((f) => "quarter" in (f.from[market] as CardSource))) {
    const v = withCover({ key, field: "revenue", period: "TTM" });
    const read = (yield* load(get, v, first, all)) as StatementsRead;
    const latest = read.statements.latest;
    if (latest !== undefined) got.set("latest_quarter", read.statements.name(latest));
  }
  for (const f of fields) {
    const source = f.from[market] as CardSource;
    if (!("quotient" in source)) continue;
    const [of, per] = source.quotient.map((name) => got.get(name));
    if (typeof of === "number" && typeof per === "number" && per > 0) got.set(f.name, of / per);
  }
  const card: Card = { fields: CARD_FIELDS.filter((f) => got.has(f.name)).map((f) => [f.name, got.get(f.name) as Cell]) };
  return card;
};

/** One VALUE field of the card, as VALUE shows it; undefined where VALUE has no value (#N/A). */
function readValue(raw: unknown, v: Values, field: string, key: string): Cell | undefined {
  try {
    if (field === "date") return dailyValue(raw as DailyRead, datasetNamed("daily"), "date", parsePeriod(v.period), key).rows[0][0];
    return VALUE_LIVE().layout(raw, v).rows[0][0];
  } catch (e) {
    if (absent(e)) return undefined;
    throw e;
  }
}

const present = (cell: Cell | undefined): cell is Cell => cell !== null && cell !== undefined && cell !== "";

function columnValue(table: Table, column: string): Cell | undefined {
  const at = table.columns.indexOf(column);
  const cell = at < 0 ? undefined : table.rows[0]?.[at];
  return present(cell) ? cell : undefined;
}

/** A date → value map's one value (`52_w_high.2025-08-13`): none where it holds no date or several. */
function datedValue(table: Table, prefix: string): Cell | undefined {
  const at = table.columns.flatMap((c, i) =>
    c.startsWith(`${prefix}.`) && /^\d{4}-\d{2}-\d{2}$/.test(c.slice(prefix.length + 1)) ? [i] : [],
  );
  return at.length === 1 ? columnValue(table, table.columns[at[0]]) : undefined;
}

/** The card as `field, value` rows: its fields in the card's order. */
function layout(card: Card): Table {
  return { columns: card.fields.map(([name]) => name), rows: [card.fields.map(([, v]) => v)], orient: "columns" };
}

const PATHS: Readonly<Record<Market, string>> = {
  idx: "/v2/company/report/{ticker}/",
  sgx: "/v2/sgx/company/report/{ticker}/",
  klse: "/v2/klse/company/report/{ticker}/",
};

/** Each field of the card with its unit and where each market's value comes from. */
const fieldTable = (): string[][] => {
  const units = cardUnits();
  return [
    ["field", "property (Excel)", "section", "unit", "IDX", "SGX", "KLSE"],
    ...CARD_FIELDS.map((f) => [
      `\`${f.name}\``,
      f.label,
      f.section,
      units[f.name],
      ...(["idx", "sgx", "klse"] as const).map((m) => {
        const s = f.from[m];
        return s ? sourceInWords(s, m) : "not published";
      }),
    ]),
  ];
};

export const COMPANY: FunctionSpec = {
  name: "COMPANY",
  group: "general",
  marketOf: (values) => marketOf(values.ticker ?? ""),
  summary: "A company at a glance: identity, trading, valuation and financials of an IDX, SGX or KLSE company; a card in Excel.",
  args: [
    {
      name: "ticker",
      kind: tickerKind,
      help: "the company: IDX ticker (BBCA), KLSE code (1155) or SGX symbol (D05)",
      required: true,
      at: "path",
      batch: true,
    },
  ],
  options: [],
  editions: {
    live: endpoint<Card>({
      path: PATHS.idx,
      response: { decode: (v) => v as Card, spread: "open" },
      layout,
      load: loadCard,
      route: (values) => ({ path: PATHS[marketOf(values.ticker ?? "")] }),
      routeCases: [
        { when: "an IDX ticker", values: { ticker: "BBCA" } },
        { when: "an SGX symbol", values: { ticker: "D05" } },
        { when: "a KLSE code", values: { ticker: "1155" } },
      ],
    }),
  },
  instead: "Use VALUE, QUARTERLY and KLSE_REPORT for a company's figures in the spec edition.",
  identifiers: cardColumnTypes(),
  card: { fields: CARD_FIELDS },
  ttl: TTL.live,
  output: [
    "A two-column `field, value` table of the fields the company's market publishes, in the card's order (a field the market does not publish is left out, never 0); in Excel, where the host takes data types, an entity: its text the symbol and name, each field a property by its label (`=A2.[Market cap]`), a card with its sections (company, trading, valuation, financials) and the provider with the time the answers were fetched. A range of tickers gives one row per company (one entity per cell in Excel).",
    "The fields are read as VALUE reads them, with the same requests: the quarterly statements' and daily prices' fields through VALUE (the quarterly ones in one request reaching as far as the widest of them), the report's one section per request (one credit each), so a card shares its answers with VALUE, QUARTERLY, DAILY and the reports' cells, and a second card of the company costs nothing while they are fresh. Each answer keeps its own row's lifetime (the daily prices as DAILY's, the report's sections as the report's, the statements until the company files again), so a card is fresh until its first part is due, and a range of cards costs each company's requests once.",
    'Each field, its unit and where it comes from in each market (VALUE\'s definitions where VALUE has the field: the card\'s `revenue_ttm` is VALUE(ticker, "revenue", "TTM"), its `market_cap` VALUE(ticker, "market_cap", -1)):',
  ].join(" "),
  outputTable: fieldTable(),
  example: ["BBCA"],
  check,
};
