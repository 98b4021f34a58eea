// The shape of a company card's fields (COMPANY): the types its table is written in
// (catalogue/company-fields.ts holds the table itself) and the card's sections. Here, beside the
// row's spec, because COMPANY's row carries its table (FunctionSpec.card): the Excel engine reads
// the card's fields from the row its family's script brings, and holds no copy of its own.

/** A market COMPANY reads: its answers hold a field under its own name, or not at all. */
export type Market = "idx" | "sgx" | "klse";
export const CARD_SECTIONS = ["company", "trading", "valuation", "financials"] as const;
export type CardSection = (typeof CARD_SECTIONS)[number];

/** Where a market's value of a field comes from:
 *  - `value`: VALUE(key, field, period), run as VALUE runs it (same requests, same definition);
 *  - `report`: a column of the market's company report (its section is the name's first part);
 *  - `dated`: the one value of a report's date → value map (a 52-week high on its day);
 *  - `quotient`: one field of the card over another (a multiple), absent unless both are there and
 *    the divisor is positive;
 *  - `market`: the market's own name;
 *  - `quarter`: the latest quarter in the quarterly statements VALUE reads. */
export type CardSource =
  | { value: string; period: string }
  | { report: string }
  | { dated: string }
  | { quotient: [string, string] }
  | { market: true }
  | { quarter: true };

export interface CardField {
  name: string;
  label: string;
  section: CardSection;
  /** How a spreadsheet shows it beyond its column type (rows/column-types.ts types the rest). */
  kind: "text" | "date" | "amount" | "count" | "price" | "fraction" | "multiple";
  from: Partial<Record<Market, CardSource>>;
}
