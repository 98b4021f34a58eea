// The field tables of the two live screeners: what `where` and `order_by` may name, their types
// and where each value comes from. IDX strings are display names ("Banks", "Oil, Gas & Coal");
// yearly fields (`revenue[2024]`) are null for years without full-year data.
import type { FieldSpec, Fields, FieldValue } from "../screener/compile";
import type { IdxRow, SgxScreenRow } from "./screener-rows";

type Spec<R> = FieldSpec<R>;
const text = <R>(get: (r: R) => FieldValue, literal?: (s: string) => string): Spec<R> => ({ type: "text", get, literal });
const num = <R>(get: (r: R) => FieldValue): Spec<R> => ({ type: "number", get });
const list = <R>(get: (r: R) => string[]): Spec<R> => ({ type: "list", get });
const yearly = <R>(get: (r: R, year: number) => number | null): Spec<R> => ({ type: "number", yearly: true, get });

/** "bbca" or "BBCA.jk" written in a where clause means the row symbol "BBCA.JK". */
const idxSymbol = (s: string) => (/^[a-z]{4}$/i.test(s) ? `${s}.JK` : s).toUpperCase();
const round = (x: number, digits = 4) => Number(x.toFixed(digits));

export const IDX_FIELDS: Fields<IdxRow> = new Map<string, Spec<IdxRow>>([
  ["symbol", text((r) => r.symbol, idxSymbol)],
  ["company_name", text((r) => r.company_name)],
  ["sector", text((r) => r.facts.sector)],
  ["sub_sector", text((r) => r.facts.sub_sector)],
  ["industry", text((r) => r.facts.industry)],
  ["sub_industry", text((r) => r.facts.sub_industry)],
  ["listing_board", text((r) => r.facts.profile.listing_board)],
  ["listing_date", text((r) => r.facts.profile.listing_date)],
  ["market_cap", num((r) => r.facts.metrics.market_cap)],
  ["market_cap_rank", num((r) => r.facts.market_cap_rank)],
  ["employee_num", num((r) => r.facts.profile.employee_num)],
  ["employee_num_rank", num((r) => r.facts.employee_num_rank)],
  ["last_close_price", num((r) => r.facts.stats.last_close_price)],
  ["daily_close_change", num((r) => round(r.facts.stats.daily_close_change))],
  ["yearly_mcap_change", num((r) => round(r.facts.stats.yearly_mcap_change))],
  ["pe_ttm", num((r) => r.facts.metrics.pe)],
  ["pb_mrq", num((r) => r.facts.metrics.pb)],
  ["ps_ttm", num((r) => r.facts.metrics.ps)],
  ["yield_ttm", num((r) => round(r.facts.yield_ttm))],
  ["dividend_ttm", num((r) => r.facts.dividend_ttm)],
  ["esg_score", num((r) => r.facts.profile.esg_score)],
  ["indices", list((r) => r.facts.indices)],
  ["tags", list((r) => r.facts.tags)],
  ["total_revenue_mrq", num((r) => r.lastQuarter("revenue"))],
  ["earnings_mrq", num((r) => r.lastQuarter("earnings"))],
  ["revenue", yearly((r, y) => r.annual(y, "revenue"))],
  ["earnings", yearly((r, y) => r.annual(y, "earnings"))],
  ["eps", yearly((r, y) => r.eps(y))],
  ["total_dividend", yearly((r, y) => r.dividend(y))],
]);

/** The SGX fields the demo has: the listing, its last close and the report's ratios, and the
 *  yearly revenue and earnings of reported years. */
export const SGX_FIELDS: Fields<SgxScreenRow> = new Map<string, Spec<SgxScreenRow>>([
  [
    "symbol",
    text(
      (r) => r.symbol,
      (s) => s.toUpperCase(),
    ),
  ],
  ["company_name", text((r) => r.company_name)],
  ["sector", text((r) => r.row.sector)],
  ["sub_sector", text((r) => r.row.sub_sector)],
  ["market_cap", num((r) => r.facts?.market_cap ?? null)],
  ["volume", num((r) => r.facts?.volume ?? null)],
  ["last_close_price", num((r) => r.facts?.close ?? null)],
  ["employee_num", num((r) => r.facts?.employee_num ?? null)],
  ["pe", num((r) => r.valuation?.pe ?? null)],
  ["pb", num((r) => r.valuation?.pb ?? null)],
  ["ps", num((r) => r.valuation?.ps ?? null)],
  ["pcf", num((r) => r.valuation?.pcf ?? null)],
  ["beta", num((r) => r.valuation?.beta ?? null)],
  ["change_1d", num((r) => r.facts?.changes.change_1d ?? null)],
  ["change_7d", num((r) => r.facts?.changes.change_7d ?? null)],
  ["change_1m", num((r) => r.facts?.changes.change_1m ?? null)],
  ["change_ytd", num((r) => r.facts?.changes.change_ytd ?? null)],
  ["change_1y", num((r) => r.facts?.changes.change_1y ?? null)],
  ["change_3y", num((r) => r.facts?.changes.change_3y ?? null)],
  ["indices", list((r) => r.row.indices)],
  ["revenue", yearly((r, y) => r.annual(y, "revenue"))],
  ["earnings", yearly((r, y) => r.annual(y, "earnings"))],
]);
