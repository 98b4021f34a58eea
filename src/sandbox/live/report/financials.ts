// The financials section of the live company report: EPS history, each full year's figures in
// the live field set, ratios grouped as the service groups them, and the latest quarter's growth
// on the same quarter a year before. Figures the demo statements do not model are null.
import { type Annual, annual } from "../../data/idx-annual";
import { latestQuarters } from "../../data/idx-financials";
import { epsOf, type ReportCtx, ratio, shares } from "./context";

/** The live field list, in the service's order; null where the sandbox has no such figure. */
const FIELDS = [
  "tax",
  "ebit",
  "year",
  "ebitda",
  "revenue",
  "earnings",
  "net_debt",
  "net_loan",
  "cash_only",
  "provision",
  "credit_rwa",
  "gross_loan",
  "market_rwa",
  "total_debt",
  "cash_inflow",
  "cash_outflow",
  "fixed_assets",
  "gross_profit",
  "time_deposit",
  "total_assets",
  "total_equity",
  "net_cash_flow",
  "operating_pnl",
  "total_capital",
  "total_deposit",
  "free_cash_flow",
  "long_term_debt",
  "premium_income",
  "prepaid_assets",
  "cost_of_revenue",
  "current_account",
  "interest_income",
  "non_loan_assets",
  "operational_rwa",
  "premium_expense",
  "savings_account",
  "short_term_debt",
  "interest_expense",
  "end_cash_position",
  "operating_expense",
  "retained_earnings",
  "total_liabilities",
  "core_capital_tier1",
  "industry_breakdown",
  "net_premium_income",
  "outstanding_shares",
  "allowance_for_loans",
  "current_liabilities",
  "earnings_before_tax",
  "financing_cash_flow",
  "investing_cash_flow",
  "net_interest_income",
  "non_interest_income",
  "operating_cash_flow",
  "cash_and_equivalents",
  "non_loan_earning_assets",
  "high_quality_liquid_asset",
  "total_risk_weighted_asset",
  "non_loan_non_earning_assets",
  "supplementary_capital_tier2",
  "non_operating_income_or_loss",
  "total_cash_and_due_from_banks",
  "interest_expense_non_operating",
  "non_interest_bearing_liabilities",
  "realized_capital_goods_investment",
  "other_interest_bearing_liabilities",
] as const;

function derived(a: Annual, year: number): ReadonlyMap<string, number | null> {
  return new Map<string, number | null>([
    ["year", year],
    ["net_debt", a.total_debt === null ? null : a.total_debt - (a.cash_only ?? 0)],
    ["outstanding_shares", a.diluted_shares_outstanding],
  ]);
}

function yearRow(a: Annual, year: number) {
  const extra = derived(a, year);
  const known = new Map(Object.entries(a));
  return Object.fromEntries(FIELDS.map((f) => [f, extra.has(f) ? extra.get(f)! : (known.get(f) ?? null)]));
}

function ratios(a: Annual, year: number) {
  const bank = a.total_deposit !== null;
  return {
    year: String(year),
    capital: { capital_adequacy_ratio: null },
    leverage: { debt_to_asset_ratio: ratio(a.total_debt, a.total_assets), debt_to_equity_ratio: ratio(a.total_debt, a.total_equity) },
    liquidity: {
      casa_ratio: bank ? ratio((a.current_account ?? 0) + (a.savings_account ?? 0), a.total_deposit) : null,
      leverage_ratio: null,
      loan_to_deposit_ratio: ratio(a.net_loan, a.total_deposit),
      liquidity_coverage_ratio: null,
      operating_cash_flow_margin: ratio(a.operating_cash_flow, a.revenue),
    },
    efficiency: { total_asset_turnover: ratio(a.revenue, a.total_assets) },
    profitability: {
      roa: ratio(a.earnings, a.total_assets),
      roe: ratio(a.earnings, a.total_equity),
      efficiency_ratio: ratio(a.operating_expense, a.revenue),
      net_profit_margin: ratio(a.earnings, a.revenue),
      net_interest_margin: bank ? ratio(a.net_interest_income, a.total_assets) : null,
      cost_to_income_ratio: bank ? ratio(a.operating_expense, a.revenue) : null,
      operating_profit_margin: ratio(a.operating_pnl, a.revenue),
    },
  };
}

/** Growth of the latest reported quarter over the same quarter a year earlier (on the size of the
 *  earlier figure, so a loss that narrows is growth), each as known today; null when that quarter
 *  was not filed. */
function yoy(ctx: ReportCtx, field: "revenue" | "earnings"): number | null {
  const quarters = latestQuarters(ctx.facts.company, ctx.today);
  const latest = quarters[0]?.period;
  const before = latest && quarters.find((x) => x.period.year === latest.year - 1 && x.period.q === latest.q);
  const [now, then] = [quarters[0]?.record[field], before?.record[field]];
  if (typeof now !== "number" || typeof then !== "number" || then === 0) return null;
  return (now - then) / Math.abs(then);
}

export function financials(ctx: ReportCtx) {
  const c = ctx.facts.company;
  const rows = ctx.years.map((year) => ({ year, a: annual(c, year, ctx.today) }));
  return {
    eps: ratio(ctx.facts.metrics.earnings, shares(c)),
    historical_eps: Object.fromEntries(ctx.years.map((year) => [String(year), epsOf(c, year, ctx.today)])),
    historical_financials: rows.map(({ year, a }) => yearRow(a, year)),
    historical_financial_ratio: rows.map(({ year, a }) => ratios(a, year)),
    yoy_quarter_earnings_growth: yoy(ctx, "earnings"),
    yoy_quarter_revenue_growth: yoy(ctx, "revenue"),
  };
}
