// What each column of a row's table holds, for how every host presents it (number-formats.ts):
// codes, years, prices, index levels, fractions, multiples and numbers of percent. A code is text
// even when the service writes it as a number (a KLSE code 2180, a mining company's id), so no
// host shows it as 2,180 or sums it; a year stays a number, shown without a thousands separator; a
// fraction (0.036) stays the fraction the service sends, shown as a percentage (3.60%). A column's
// type comes from its row (FunctionSpec.identifiers) or, by default, from its field name: the last
// part of a dotted name (`query_values.symbol`, `valuation.pe`) in the vocabulary below, each entry
// checked against the provider's description of the field's unit (`price_change`: "a decimal (0.05
// = +5%)"; `yoy_change_percent`: 7.86 for 7.86%). Never from the values, nor from prose at run time.

import type { Cell, Table } from "../base/table";

/**
 * - `code`: an identifier, text; `year`: a year, no separator;
 * - `price`: a share's price, to its exchange's tick (number-formats.ts);
 * - `level`: an index level, an average price or a commodity's price: 2 decimals;
 * - `fraction`: a ratio or change as a fraction (0.05 = 5%): a percentage;
 * - `multiple`: P/E, P/B, a strip ratio: 2 decimals;
 * - `percent`: a number of percent as the service sends it (7.86 = 7.86%): 2 decimals, no scaling.
 */
export type ColumnType = "code" | "year" | "price" | "level" | "fraction" | "multiple" | "percent";

/** Columns a row types beyond the vocabulary, by full or last dotted name; `fieldIn`: columns whose
 *  every value is of the field named in another column of its row (a ranking's `value` is of the
 *  field its `classification` names: `pe`, `dividend_yield`). */
export interface ColumnTypes {
  codes?: readonly string[];
  years?: readonly string[];
  prices?: readonly string[];
  levels?: readonly string[];
  fractions?: readonly string[];
  multiples?: readonly string[];
  percents?: readonly string[];
  fieldIn?: Readonly<Record<string, string>>;
}

const DECLARED: ReadonlyArray<[keyof Omit<ColumnTypes, "fieldIn">, ColumnType]> = [
  ["codes", "code"],
  ["years", "year"],
  ["prices", "price"],
  ["levels", "level"],
  ["fractions", "fraction"],
  ["multiples", "multiple"],
  ["percents", "percent"],
];

/** Field names of the service that are identifiers, and endings that name one. */
const CODE_NAMES = new Set([
  "code",
  "id",
  "uid",
  "isin",
  "slug",
  "symbol",
  "symbols",
  "ticker",
  "tickers",
  "license_number",
  "contract_number",
  "phone_number",
]);
const CODE_ENDINGS = ["_code", "_id", "_slug", "_ticker"];
/** Field names that are years: `year` and any `*_year` (financial_year, estimate_year, measurement_year). */
const YEAR_NAME = /(^|_)year$/;

/** Each amount type by the field names the service gives it; the first that matches decides, so
 *  `price_change` is a fraction before `price*` is a price. */
const VOCABULARY: ReadonlyArray<[RegExp, ColumnType]> = [
  // Changes and shares the provider describes as decimals (0.05 = 5%).
  [/^(price_change|daily_close_change|yearly_mcap_change|change_(1d|7d|1m|3m|6m|1y|3y|5y|ytd)|chg_\d+d)$/, "fraction"],
  [/(^|_)yield(_ttm|_avg)?$/, "fraction"],
  // (A holder's share before and after a filing is a fraction at SGX, a number of percent at the
  // IDX: each filings row says which.)
  [/^(free_float|percent_total_shares|share_percentage|payout_ratio|roe|roa)$/, "fraction"],
  [/_(margin|growth|growth_rate)$|^(casa|loan_to_deposit|efficiency)_ratio$/, "fraction"],
  // Numbers of percent as sent (TOTAL_PRODUCTION's 7.86, an owner's 15.37).
  [/(_percent|^percentage_ownership|^percentage_of_\w+)$/, "percent"],
  // Valuation multiples and the mines' strip ratio.
  [
    /^(pe|pb|ps|pcf)(_ttm|_mrq|_peer_avg)?$|^(peg|beta|forward_pe|strip_ratio|debt_to_equity|enterprise_to_(ebitda|revenue))$|_company_pe$|_(median|avg)_pe$/,
    "multiple",
  ],
  // Averages of many trades are not on the tick; earnings per share are an amount per share.
  [/avg_per_share$|^eps(_ttm|_estimate)?$/, "level"],
  [/^(close|open|high|low|price|last_close|price_per_share|offering_price|book_building_(lower|upper)_bound)$|_price$/, "price"],
  [/^price_usd_per_\w+$/, "level"],
];

/** Types already read, by the declared types they were read under (a row's own object) and the
 *  name: every table of a recalculation reads its columns' types, the same few names again and
 *  again, and a read tries every pattern above. */
const READ = new WeakMap<ColumnTypes, Map<string, ColumnType | undefined>>();
/** Names kept per declared types before they start again (field names read from rows are open). */
const READ_MAX = 5000;
const NONE_DECLARED: ColumnTypes = {};

/** The type of a column of a row's table, or undefined for an amount or text of any other kind. */
export function columnType(name: string, declared: ColumnTypes = NONE_DECLARED): ColumnType | undefined {
  let read = READ.get(declared);
  if (!read) {
    read = new Map();
    READ.set(declared, read);
  }
  if (read.has(name)) return read.get(name);
  if (read.size >= READ_MAX) read.clear();
  const type = typeOf(name, declared);
  read.set(name, type);
  return type;
}

function typeOf(name: string, declared: ColumnTypes): ColumnType | undefined {
  const last = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  const has = (list?: readonly string[]) => list?.some((n) => n === name || n === last) ?? false;
  for (const [key, type] of DECLARED) if (has(declared[key])) return type;
  if (CODE_NAMES.has(last) || CODE_ENDINGS.some((end) => last.endsWith(end))) return "code";
  if (YEAR_NAME.test(last)) return "year";
  return VOCABULARY.find(([pattern]) => pattern.test(last))?.[1];
}

/** The table with every number in a code column written as text (2180 → "2180"). */
export function withCodesAsText(table: Table, declared: ColumnTypes = NONE_DECLARED): Table {
  // Once per answer of a recalculation: a plain loop, and none over the rows without a code column.
  const codes: number[] = [];
  for (let i = 0; i < table.columns.length; i++) if (columnType(table.columns[i], declared) === "code") codes.push(i);
  if (codes.length === 0 || !table.rows.some((row) => codes.some((i) => typeof row[i] === "number"))) return table;
  const rows = table.rows.map((row): Cell[] => {
    if (!codes.some((i) => typeof row[i] === "number")) return row;
    const copy = row.slice();
    for (const i of codes) if (typeof copy[i] === "number") copy[i] = String(copy[i]);
    return copy;
  });
  return { ...table, rows };
}
