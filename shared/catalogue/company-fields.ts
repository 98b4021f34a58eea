// The fields of a company card (COMPANY), in the order a card shows them: each one's name in the
// tables (snake_case, VALUE's own name where VALUE has the field), its label where a spreadsheet
// shows it as a property (Excel's `=A2.[Market cap]`), its section of the card, its unit, and where
// each market's answer holds it. A market that does not publish a field has no entry for it: the
// card leaves the field out (never a 0 in its place).
import type { CardField, CardSource, Market } from "../rows/card";
import type { ColumnTypes } from "../rows/column-types";

/** The market's currency, for the docs' units. */
export const MARKET_CURRENCY: Readonly<Record<Market, string>> = { idx: "IDR", sgx: "SGD", klse: "MYR" };
export const MARKET_NAME: Readonly<Record<Market, string>> = { idx: "IDX", sgx: "SGX", klse: "KLSE" };

const all = (source: CardSource): Record<Market, CardSource> => ({ idx: source, sgx: source, klse: source });
const CURRENCY = "the market's currency (IDR, SGD, MYR)";

export const CARD_FIELDS: readonly CardField[] = [
  {
    name: "symbol",
    label: "Symbol",
    section: "company",
    kind: "text",
    from: { idx: { report: "symbol" }, sgx: { report: "symbol" }, klse: { report: "symbol" } },
  },
  {
    name: "name",
    label: "Name",
    section: "company",
    kind: "text",
    from: { idx: { report: "company_name" }, sgx: { report: "name" }, klse: { report: "name" } },
  },
  { name: "market", label: "Market", section: "company", kind: "text", from: all({ market: true }) },
  { name: "sector", label: "Sector", section: "company", kind: "text", from: all({ report: "overview.sector" }) },
  { name: "sub_sector", label: "Sub-sector", section: "company", kind: "text", from: all({ report: "overview.sub_sector" }) },
  {
    name: "listing.date",
    label: "Listing date",
    section: "company",
    kind: "date",
    from: { idx: { report: "overview.listing_date" } },
  },
  {
    name: "last_close",
    label: "Last close",
    section: "trading",
    kind: "price",
    from: { idx: { value: "close", period: "-1" }, sgx: { report: "overview.last_close_price" } },
  },
  {
    name: "last_close.date",
    label: "Close date",
    section: "trading",
    kind: "date",
    from: { idx: { value: "date", period: "-1" } },
  },
  {
    name: "high_52w",
    label: "52-week high",
    section: "trading",
    kind: "price",
    from: { idx: { dated: "overview.all_time_price.52_w_high" }, sgx: { dated: "overview.all_time_price.52_w_high" } },
  },
  {
    name: "low_52w",
    label: "52-week low",
    section: "trading",
    kind: "price",
    from: { idx: { dated: "overview.all_time_price.52_w_low" }, sgx: { dated: "overview.all_time_price.52_w_low" } },
  },
  {
    name: "shares_outstanding",
    label: "Shares outstanding",
    section: "trading",
    kind: "count",
    from: { idx: { quotient: ["market_cap", "last_close"] } },
  },
  {
    name: "market_cap",
    label: "Market cap",
    section: "valuation",
    kind: "amount",
    from: { idx: { value: "market_cap", period: "-1" }, sgx: { report: "overview.market_cap" }, klse: { report: "overview.market_cap" } },
  },
  {
    name: "pe",
    label: "P/E",
    section: "valuation",
    kind: "multiple",
    from: { idx: { quotient: ["market_cap", "earnings_ttm"] }, sgx: { report: "valuation.pe" }, klse: { report: "valuation.pe" } },
  },
  {
    name: "pb",
    label: "P/B",
    section: "valuation",
    kind: "multiple",
    from: { idx: { quotient: ["market_cap", "stockholders_equity"] }, sgx: { report: "valuation.pb" }, klse: { report: "valuation.pb" } },
  },
  {
    name: "dividend_yield_ttm",
    label: "Dividend yield TTM",
    section: "valuation",
    kind: "fraction",
    from: { idx: { report: "dividend.yield_ttm" } },
  },
  {
    name: "forward_dividend_yield",
    label: "Forward dividend yield",
    section: "valuation",
    kind: "fraction",
    from: { sgx: { report: "dividend.forward_dividend_yield" }, klse: { report: "dividend.forward_dividend_yield" } },
  },
  {
    name: "revenue_ttm",
    label: "Revenue TTM",
    section: "financials",
    kind: "amount",
    from: { idx: { value: "revenue", period: "TTM" }, klse: { report: "financials.historical_revenue.TTM" } },
  },
  {
    name: "earnings_ttm",
    label: "Earnings TTM",
    section: "financials",
    kind: "amount",
    from: { idx: { value: "earnings", period: "TTM" }, klse: { report: "financials.historical_earnings.TTM" } },
  },
  {
    name: "net_margin",
    label: "Net margin",
    section: "financials",
    kind: "fraction",
    from: {
      idx: { value: "net_margin", period: "TTM" },
      sgx: { report: "financials.net_profit_margin" },
      klse: { report: "financials.net_profit_margin" },
    },
  },
  {
    name: "roe",
    label: "ROE",
    section: "financials",
    kind: "fraction",
    from: { idx: { value: "roe", period: "TTM" } },
  },
  {
    name: "latest_quarter",
    label: "Latest quarter",
    section: "financials",
    kind: "text",
    from: { idx: { quarter: true } },
  },
];

/** Fields the card reads to make others, not shown themselves. */
export const CARD_INPUTS: readonly CardField[] = [
  {
    name: "stockholders_equity",
    label: "Stockholders' equity",
    section: "financials",
    kind: "amount",
    from: { idx: { value: "stockholders_equity", period: "-1" } },
  },
];

/** What each field counts, for the docs (a function, made when the docs ask: not in the Excel engine). */
export const cardUnits = (): Readonly<Record<string, string>> => ({
  symbol: "text",
  name: "text",
  market: "text: IDX, SGX or KLSE",
  sector: "text",
  sub_sector: "text",
  "listing.date": "date",
  last_close: `price, ${CURRENCY}`,
  "last_close.date": "date",
  high_52w: `price, ${CURRENCY}`,
  low_52w: `price, ${CURRENCY}`,
  shares_outstanding: "shares",
  market_cap: CURRENCY,
  pe: "multiple",
  pb: "multiple",
  dividend_yield_ttm: "fraction (0.05 is 5%)",
  forward_dividend_yield: "fraction (0.05 is 5%)",
  revenue_ttm: CURRENCY,
  earnings_ttm: CURRENCY,
  net_margin: "fraction (0.25 is 25%)",
  roe: "fraction (0.25 is 25%)",
  latest_quarter: "text: the company's fiscal quarter (2025Q3)",
  stockholders_equity: CURRENCY,
});

/** A card field by its table name. */
export const cardField = (name: string): CardField | undefined => CARD_FIELDS.find((f) => f.name === name);

/** A source in words, for the docs: what VALUE or the report gives it. */
export function sourceInWords(source: CardSource, market: Market): string {
  if ("value" in source && source.value === "date") return `the day of VALUE(ticker, "close", ${source.period}) (its row of DAILY)`;
  if ("value" in source) return `VALUE(ticker, "${source.value}", ${source.period === "TTM" ? '"TTM"' : source.period})`;
  const report = market === "idx" ? "COMPANY_REPORT" : market === "sgx" ? "SGX_REPORT" : "KLSE_REPORT";
  if ("report" in source) return `${report} \`${source.report}\``;
  if ("dated" in source) return `${report} \`${source.dated}.<date>\` (its one date)`;
  if ("quotient" in source) {
    const part = (name: string) => {
      const input = CARD_INPUTS.find((f) => f.name === name)?.from[market];
      return input ? sourceInWords(input, market) : `\`${name}\``;
    };
    return `${part(source.quotient[0])} / ${part(source.quotient[1])}, where the divisor is positive`;
  }
  if ("market" in source) return "the ticker's form";
  return "the latest quarter of the quarterly statements VALUE reads";
}

/** The card's typed columns by their fields' kinds: prices to the tick of the company's market
 *  (COMPANY.marketOf), as its market's own rows show them. */
export function cardColumnTypes(): ColumnTypes {
  const of = (kind: CardField["kind"]) => CARD_FIELDS.filter((f) => f.kind === kind).map((f) => f.name);
  return { codes: ["symbol"], prices: of("price"), fractions: of("fraction"), multiples: of("multiple") };
}
