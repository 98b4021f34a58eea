// The shape of one catalogue row. Everything a front end shows or does for a function comes
// from its row: argument order and help, validation, the request in each edition of the service,
// the response schema, the table layout, the cache lifetime and the docs.

import type { Schema } from "../answer/response";
import type { SeriesSpec } from "../answer/series";
import type { CellValue } from "../base/cells";
import type { Edition } from "../base/editions";
import type { Table } from "../base/table";
import type { ArgSpec, Signature, Values } from "../input/arg-spec";
import type { CardField } from "./card";
import type { ColumnTypes } from "./column-types";
import type { Loader } from "./effects";
import type { Exchange } from "./exchange-hours";
import type { Until } from "./freshness";

/** How one edition of the service gives a function: the request, the answer and its layout. */
export interface Endpoint<T = unknown> {
  /** The path template; `{arg}` placeholders are filled from the arguments. */
  path: string;
  /** Query parameters whose name in this edition differs from the argument's (tickers → symbols);
   *  null: not a parameter here (a load program uses it, or `query` sends it otherwise). */
  params?: Readonly<Record<string, string | null>>;
  /** Arguments and options this edition does not take: given, they are refused before any request. */
  unsupported?: readonly string[];
  /** Values this edition takes for an argument where it takes fewer than the argument's kind (the
   *  live mining filters' commodities): another is refused before any request; a value in any case
   *  is sent as spelled here. */
  choices?: Readonly<Record<string, readonly string[]>>;
  /** Query parameters this edition declares as arrays, sent as the name repeated per item
   *  (`sections=a&sections=b`, OpenAPI's form style); any other list is one comma-joined value. */
  repeated?: readonly string[];
  /** Parameters the edition needs beyond the arguments, or in place of them (undefined: not sent). */
  query?: (values: Values) => Values;
  /** Values this edition spells otherwise (an index code, tickers without ".JK"), before they are sent. */
  rename?: (values: Values) => Values;
  response: Schema<T>;
  // A method, so that an endpoint of any decoded type is an Endpoint (method parameters are bivariant).
  layout(data: T, values: Values): Table;
  /** The answer is the live edition's `{results, pagination}` envelope: its results are the data. */
  envelope?: boolean;
  /** More than one request (pages, one per item, a lookup); default: the one request. */
  load?: Loader;
  /** The column rule, where it differs from the function's (documentation only). */
  output?: string;
  /** For functions whose path or shape depends on an argument (LIST, GET, KLSE_REPORT). */
  route?: (values: Values) => Partial<Endpoint>;
  /** The paths `route` picks, named in the docs: each case the arguments that pick one (a
   *  placeholder such as `{ticker}` for a value) and how the docs call it. */
  routeCases?: readonly { when: string; values: Values }[];
}

/** The market a function is about, for grouping it in lists (the playground's builder). */
export type FunctionGroup = "idx" | "sgx" | "klse" | "mining" | "general";

export interface FunctionSpec extends Signature {
  /** With their help, for the docs; the argument checks read them as ArgRules (no help). */
  args: ArgSpec[];
  options: ArgSpec[];
  /** The market it is about. */
  group: FunctionGroup;
  /** The market of one call, where the row spans markets (VALUE: its dataset's; COMPANY: its
   *  ticker's): the exchange whose tick the call's prices are shown to (rows/number-formats.ts). */
  marketOf?: (values: Values) => FunctionGroup;
  /** Documentation only, as `output` and the arguments' help: the Excel bundle is built without
   *  them (scripts/strip-docs.mjs). */
  summary: string;
  /** The function in each edition of the service; an edition without it refuses it by name. */
  editions: Partial<Record<Edition, Endpoint>>;
  /** Seconds an answer stays fresh in a cache: the whole lifetime, or the floor of `until`'s. */
  ttl: number;
  /** What keeps an answer fresh beyond `ttl` (rows/freshness.ts): today's prices until the
   *  exchange's next open once it has closed, a company's statements until it files again. */
  until?: Until;
  /** The column rule, for the function reference (documentation only). */
  output: string;
  /** A table in the docs after `output` (its first row the header): documentation only, as
   *  `output` (COMPANY's fields with their units and sources). */
  outputTable?: ReadonlyArray<readonly string[]>;
  /** Example arguments, for the docs and the tests (not in the Excel bundle, as the prose). */
  example: CellValue[];
  /** What to use instead, where an edition does not offer the function. */
  instead?: string;
  /** A time series: its date and key columns and how each field combines over a week, month,
   *  quarter or year (the `period=` and `layout=wide` options, run/load.ts asSeries). */
  series?: SeriesSpec;
  /** Arguments that may be ranges spanning one grid (VALUE): the items of `down` make the rows,
   *  those of one of `across` the columns (run/grid.ts). */
  grid?: { down: string; across: readonly string[] };
  /** Calls that can share one request when they reach as far (VALUE's cells of one company and
   *  dataset): their group and the reach this call needs; undefined for a call that shares by its
   *  URL alone. */
  gathering?: (values: Values, now: number) => Gathering | undefined;
  /** The type of columns the vocabulary of rows/column-types.ts does not name (symbol, id, year,
   *  price_change, pe, ...) or names otherwise for this function: codes (text), years, prices,
   *  levels, fractions, multiples, numbers of percent, and columns of the field another names
   *  (`fieldIn`); each host presents them by rows/number-formats.ts. */
  identifiers?: ColumnTypes;
  /** A card's fields, in the order it shows them (COMPANY's, catalogue/company-fields.ts): a host
   *  that shows the card as a data type reads their labels and sections from here. */
  card?: { fields: readonly CardField[] };
}

export interface Gathering {
  /** Calls of one group can share one request. */
  group: string;
  /** How far back this call needs its request to reach (the `cover` option's unit). */
  cover: number;
}

/** An endpoint, its layout typed by its response schema. */
export const endpoint = <T>(e: Endpoint<T>): Endpoint<T> => e;

/** Part of an endpoint chosen by an argument (LIST's kinds), its layout typed by its response schema. */
export const defineRoute = <T>(route: Partial<Endpoint<T>> & Pick<Endpoint<T>, "response" | "layout">): Partial<Endpoint<T>> => route;

/** The layout of functions whose response already decodes to a table. */
export const asDecoded = (table: Table): Table => table;

/** The layout of a function whose route always supplies its own (LIST). */
export const routed = (): Table => {
  throw new Error("this function's layout comes from its route");
};

/** Cache lifetimes, in seconds. */
export const TTL = {
  reference: 24 * 3600,
  financials: 6 * 3600,
  live: 15 * 60,
} as const;

/** Today's prices of an exchange: `TTL.live` while it trades, until its next open after the close. */
export const SESSION = {
  IDX: { kind: "session", exchange: "IDX" },
  SGX: { kind: "session", exchange: "SGX" },
  KLSE: { kind: "session", exchange: "KLSE" },
} as const satisfies Record<Exchange, Until>;
