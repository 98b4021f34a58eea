// GET /v2/financials/quarterly/{symbol}/ (live): the spec endpoint's records and rules, each record
// with the live field set in the live order (financials_sector_metrics only for banks).
import { idxCompany } from "../data/idx-companies";
import type { Record } from "../data/idx-financials";
import type { Endpoint } from "../endpoint";
import { selectQuarters } from "../endpoints/quarterly";
import { symbolOr400 } from "./params";

const MISSING = "Invalid stock symbol and/or data for the specified report_date does not exist.";

const FIELDS = [
  "symbol",
  "financials_sector_metrics",
  "date",
  "premium_income",
  "premium_expense",
  "net_premium_income",
  "non_interest_income",
  "revenue",
  "operating_expense",
  "provision",
  "operating_pnl",
  "non_operating_income_or_loss",
  "earnings_before_tax",
  "tax",
  "minorities",
  "earnings",
  "gross_profit",
  "interest_expense_non_operating",
  "ebit",
  "ebitda",
  "cost_of_revenue",
  "total_assets",
  "non_interest_bearing_liabilities",
  "cash_only",
  "total_liabilities",
  "total_equity",
  "total_debt",
  "stockholders_equity",
  "total_non_current_assets",
  "current_liabilities",
  "cash_and_short_term_investments",
  "non_loan_assets",
  "total_current_asset",
  "total_non_current_liabilities",
  "financing_cash_flow",
  "operating_cash_flow",
  "investing_cash_flow",
  "net_cash_flow",
  "free_cash_flow",
  "realized_capital_goods_investment",
] as const;

function liveQuarter(r: Record): Record {
  return Object.fromEntries(FIELDS.filter((f) => r[f] !== undefined).map((f) => [f, r[f]]));
}

export const liveQuarterly: Endpoint = {
  path: "/v2/financials/quarterly/:symbol/",
  handle({ params, query: q, today }) {
    return selectQuarters(idxCompany(symbolOr400(params.symbol)), q, today, MISSING).map(liveQuarter);
  },
};
