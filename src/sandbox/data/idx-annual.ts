// Full-year figures of an IDX company from its four quarterly records of a financial year (its own:
// a June year runs from July), as known today: flows (revenue, earnings, cash flows) are summed,
// balances (assets, loans, deposits) are the year-end (Q4) values. A field is null when no quarter
// has it (banks have no cost of revenue, companies no deposits), and every field is null for a
// year that is not full (a quarter not filed, or not yet).
import { memo } from "../memo";
import { IDX_COMPANIES, type IdxCompany } from "./idx-companies";
import { type Record, yearQuarters } from "./idx-financials";

const FLOWS = [
  "revenue",
  "earnings",
  "tax",
  "ebit",
  "ebitda",
  "operating_pnl",
  "earnings_before_tax",
  "gross_profit",
  "cost_of_revenue",
  "operating_expense",
  "provision",
  "premium_income",
  "premium_expense",
  "net_premium_income",
  "non_interest_income",
  "non_operating_income_or_loss",
  "interest_expense_non_operating",
  "operating_cash_flow",
  "investing_cash_flow",
  "financing_cash_flow",
  "net_cash_flow",
  "free_cash_flow",
  "realized_capital_goods_investment",
  "interest_income",
  "interest_expense",
  "net_interest_income",
] as const;

const BALANCES = [
  "total_assets",
  "total_equity",
  "total_liabilities",
  "total_debt",
  "cash_only",
  "current_liabilities",
  "total_current_asset",
  "stockholders_equity",
  "non_loan_assets",
  "total_cash_and_due_from_banks",
  "non_interest_bearing_liabilities",
  "other_interest_bearing_liabilities",
  "net_loan",
  "gross_loan",
  "allowance_for_loans",
  "current_account",
  "savings_account",
  "time_deposit",
  "total_deposit",
  "diluted_shares_outstanding",
] as const;

export type AnnualField = (typeof FLOWS)[number] | (typeof BALANCES)[number];
export type Annual = { [K in AnnualField]: number | null };

/** A field of a quarterly record, bank metrics included. */
function read(r: Record, field: string): number | null {
  const metrics = (r.financials_sector_metrics ?? {}) as Record;
  const v = r[field] ?? metrics[field];
  return typeof v === "number" ? v : null;
}

const annualOf = memo((key: string): Annual => {
  const [symbol, year, today] = key.split("|");
  const c = IDX_COMPANIES.find((x) => x.symbol === symbol)!;
  const quarters = yearQuarters(c, Number(year), today);
  const out = {} as Annual;
  for (const f of FLOWS) {
    const values = (quarters ?? []).map((r) => read(r, f)).filter((v): v is number => v !== null);
    out[f] = values.length ? values.reduce((s, v) => s + v, 0) : null;
  }
  for (const f of BALANCES) out[f] = quarters ? read(quarters[3], f) : null;
  return out;
});

export const annual = (c: IdxCompany, year: number, today: string): Annual => annualOf(`${c.symbol}|${year}|${today}`);
