// The two statement layouts behind /v1/financials/quarterly/: banks (interest income, loans,
// deposits in financials_sector_metrics; no capex) and everyone else (cost of revenue, capex).
// Totals are computed from the rounded parts so every identity holds exactly.
import { between } from "../prng";
import type { IdxCompany } from "./idx-companies";

export type Record = { [field: string]: unknown };

/** Whole IDR rounded to millions, as the exchange filings are. */
const idr = (x: number) => Math.round(x / 1e6) * 1e6;

function incomeTail(earnings: number, taxRate: number, minorityShare: number) {
  const ebt = earnings / (1 - taxRate) / (1 - minorityShare);
  const tax = earnings >= 0 ? ebt * taxRate : 0;
  const minorities = (ebt - tax) * minorityShare;
  return { ebt: earnings >= 0 ? ebt : earnings, tax, minorities: earnings >= 0 ? minorities : 0 };
}

export function bankRecord(c: IdxCompany, base: Record, interestIncome: number, earnings: number, assets: number, r: () => number): Record {
  const interestExpense = interestIncome * (c.costOfFunds ?? 0.3) * between(r, 0.95, 1.05);
  const nii = interestIncome - interestExpense;
  const nonInterest = interestIncome * between(r, 0.18, 0.26);
  const revenue = nii + nonInterest;
  const { ebt, tax, minorities } = incomeTail(earnings, 0.2, 0.01);
  const provision = revenue * between(r, 0.08, 0.16);
  const nonOperating = revenue * between(r, -0.01, 0.01);
  const operatingPnl = ebt - nonOperating;
  const opex = revenue - provision - operatingPnl;
  const grossLoan = assets * between(r, 0.6, 0.66);
  const allowance = grossLoan * between(r, 0.025, 0.045);
  const deposits = assets * between(r, 0.76, 0.8);
  const ca = deposits * between(r, 0.28, 0.36);
  const sa = deposits * between(r, 0.38, 0.46);
  const liabilities = assets * between(r, 0.84, 0.87);
  const equity = assets - liabilities;
  const cashDue = assets * between(r, 0.04, 0.07);
  const ocf = earnings * between(r, 0.5, 2.5);
  const icf = -earnings * between(r, 0.2, 1.2);
  const fcf = -earnings * between(r, -0.5, 1);
  return {
    ...base,
    financials_sector_metrics: {
      interest_income: idr(interestIncome),
      interest_expense: idr(interestExpense),
      net_interest_income: idr(interestIncome) - idr(interestExpense),
      gross_loan: idr(grossLoan),
      allowance_for_loans: idr(allowance),
      net_loan: idr(grossLoan) - idr(allowance),
      total_earning_assets: idr(assets * 0.9),
      current_account: idr(ca),
      savings_account: idr(sa),
      time_deposit: idr(deposits - ca - sa),
      total_deposit: idr(ca) + idr(sa) + idr(deposits - ca - sa),
      other_interest_bearing_liabilities: null,
      total_cash_and_due_from_banks: idr(cashDue),
    },
    premium_income: null,
    premium_expense: null,
    net_premium_income: null,
    revenue: idr(revenue),
    cost_of_revenue: null,
    gross_profit: null,
    operating_expense: idr(opex),
    provision: idr(provision),
    operating_pnl: idr(operatingPnl),
    non_operating_income_or_loss: idr(nonOperating),
    non_interest_income: idr(nonInterest),
    earnings_before_tax: idr(ebt),
    pretax_income: idr(ebt),
    tax: idr(tax),
    minorities: idr(minorities),
    earnings: idr(earnings),
    net_income: idr(earnings),
    interest_expense_non_operating: null,
    ebit: idr(ebt),
    ebitda: idr(ebt * 1.04),
    diluted_shares_outstanding: Math.round(c.sharesBn * 1e9),
    total_assets: idr(assets),
    total_non_current_assets: null,
    total_current_asset: null,
    total_liabilities: idr(liabilities),
    current_liabilities: null,
    total_non_current_liabilities: null,
    non_interest_bearing_liabilities: null,
    total_equity: idr(assets) - idr(liabilities),
    stockholders_equity: idr(equity * 0.985),
    total_debt: null,
    cash_only: idr(cashDue * 0.3),
    cash_and_short_term_investments: null,
    total_cash_and_due_from_banks: idr(cashDue),
    non_loan_assets: idr(assets - grossLoan + allowance),
    operating_cash_flow: idr(ocf),
    investing_cash_flow: idr(icf),
    financing_cash_flow: idr(fcf),
    net_cash_flow: idr(ocf) + idr(icf) + idr(fcf),
    free_cash_flow: null,
    capital_expenditure: null,
    realized_capital_goods_investment: null,
  };
}

export function corporateRecord(c: IdxCompany, base: Record, revenue: number, margin: number, assets: number, r: () => number): Record {
  const earnings = revenue * margin;
  // Gross margin tracks the net margin so operating expense stays positive in boom years.
  const grossMargin = Math.max(0.15, Math.min(0.75, margin * 1.5 + between(r, 0.1, 0.16)));
  const cost = revenue * (1 - grossMargin);
  const gross = revenue - cost;
  const { ebt, tax, minorities } = incomeTail(earnings, 0.22, 0.05);
  const interest = assets * between(r, 0.002, 0.006);
  const nonOperating = -interest + revenue * between(r, -0.01, 0.02);
  const operatingPnl = ebt - nonOperating;
  const opex = gross - operatingPnl;
  const da = assets * between(r, 0.008, 0.015);
  const current = assets * between(r, 0.3, 0.45);
  const liabilities = assets * between(r, 0.35, 0.55);
  const currentLiab = liabilities * between(r, 0.45, 0.6);
  const equity = assets - liabilities;
  const cash = current * between(r, 0.25, 0.45);
  const debt = liabilities * between(r, 0.2, 0.45);
  const ocf = Math.max(earnings, 0) * between(r, 0.9, 1.6) + da;
  const capex = -assets * between(r, 0.01, 0.025);
  const icf = capex * between(r, 1, 1.4);
  const fcf = -Math.max(earnings, 0) * between(r, 0, 0.8) + debt * between(r, -0.05, 0.05);
  return {
    ...base,
    revenue: idr(revenue),
    cost_of_revenue: idr(cost),
    gross_profit: idr(revenue) - idr(cost),
    operating_expense: idr(opex),
    provision: null,
    operating_pnl: idr(operatingPnl),
    non_operating_income_or_loss: idr(nonOperating),
    non_interest_income: null,
    premium_income: null,
    premium_expense: null,
    net_premium_income: null,
    earnings_before_tax: idr(ebt),
    pretax_income: idr(ebt),
    tax: idr(tax),
    minorities: idr(minorities),
    earnings: idr(earnings),
    net_income: idr(earnings),
    interest_expense_non_operating: idr(interest),
    ebit: idr(operatingPnl),
    ebitda: idr(operatingPnl + da),
    diluted_shares_outstanding: Math.round(c.sharesBn * 1e9),
    total_assets: idr(assets),
    total_non_current_assets: idr(assets) - idr(current),
    total_current_asset: idr(current),
    total_liabilities: idr(liabilities),
    current_liabilities: idr(currentLiab),
    total_non_current_liabilities: idr(liabilities) - idr(currentLiab),
    non_interest_bearing_liabilities: idr(liabilities - debt),
    total_equity: idr(assets) - idr(liabilities),
    stockholders_equity: idr(equity * 0.93),
    total_debt: idr(debt),
    cash_only: idr(cash),
    cash_and_short_term_investments: idr(cash * 1.15),
    total_cash_and_due_from_banks: null,
    non_loan_assets: null,
    operating_cash_flow: idr(ocf),
    investing_cash_flow: idr(icf),
    financing_cash_flow: idr(fcf),
    net_cash_flow: idr(ocf) + idr(icf) + idr(fcf),
    free_cash_flow: idr(ocf) + idr(capex),
    capital_expenditure: idr(capex),
    realized_capital_goods_investment: idr(capex),
  };
}
