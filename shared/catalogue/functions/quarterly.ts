import { recordTable } from "../../answer/flatten";
import { numbers, record, str } from "../../answer/response";
import type { Table } from "../../base/table";
import { bool, date, idxTicker, int } from "../../input/arg-kinds";
import type { ArgSpec, Values } from "../../input/arg-spec";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { SERVICE_BOUNDS } from "../vocabularies";
import { UNTIL_REPORTED } from "./idx-universe";

export const INCOME = [
  "revenue",
  "cost_of_revenue",
  "gross_profit",
  "operating_expense",
  "provision",
  "operating_pnl",
  "non_operating_income_or_loss",
  "non_interest_income",
  "premium_income",
  "premium_expense",
  "net_premium_income",
  "earnings_before_tax",
  "pretax_income",
  "tax",
  "minorities",
  "earnings",
  "net_income",
  "interest_expense_non_operating",
  "ebit",
  "ebitda",
  "diluted_shares_outstanding",
];
export const BALANCE = [
  "total_assets",
  "total_non_current_assets",
  "total_current_asset",
  "total_liabilities",
  "current_liabilities",
  "total_non_current_liabilities",
  "non_interest_bearing_liabilities",
  "total_equity",
  "stockholders_equity",
  "total_debt",
  "cash_only",
  "cash_and_short_term_investments",
  "total_cash_and_due_from_banks",
  "non_loan_assets",
];
export const CASH_FLOW = [
  "operating_cash_flow",
  "investing_cash_flow",
  "financing_cash_flow",
  "net_cash_flow",
  "free_cash_flow",
  "capital_expenditure",
  "realized_capital_goods_investment",
];
export const BANK_METRICS = [
  "interest_income",
  "interest_expense",
  "net_interest_income",
  "gross_loan",
  "allowance_for_loans",
  "net_loan",
  "total_earning_assets",
  "current_account",
  "savings_account",
  "time_deposit",
  "total_deposit",
  "other_interest_bearing_liabilities",
  "total_cash_and_due_from_banks",
  "non_interest_bearing_liabilities",
];

/** What a statement field measures, for periods longer than a quarter (VALUE's years, halves,
 *  TTM): a flow happens over the quarter (the income statement, the cash flow, a bank's interest)
 *  and adds up over quarters; a stock is a level at the quarter's end (the balance sheet, loans,
 *  deposits, shares outstanding) and a longer period's is its last quarter's. The service's
 *  quarterly figures are each quarter's own, not year to date: its published example has a bank's
 *  Q4 earnings at about a quarter of its year's. */
export type Measure = "flow" | "stock";

const BANK_FLOWS = new Set(["interest_income", "interest_expense", "net_interest_income"]);

export const MEASURES: ReadonlyMap<string, Measure> = new Map<string, Measure>([
  ...INCOME.map((f): [string, Measure] => [f, f === "diluted_shares_outstanding" ? "stock" : "flow"]),
  ...BALANCE.map((f): [string, Measure] => [f, "stock"]),
  ...CASH_FLOW.map((f): [string, Measure] => [f, "flow"]),
  ...BANK_METRICS.map((f): [string, Measure] => [`financials_sector_metrics.${f}`, BANK_FLOWS.has(f) ? "flow" : "stock"]),
]);

/** Statement fields of the spec edition that the live edition does not report (its published
 *  description of /v2/financials/quarterly/ lists no such field): where the live edition has the
 *  same figure under another name, `reads` is that name; else `use` is the nearest field a model
 *  can take instead, named in the message. */
export const LIVE_ABSENT: ReadonlyMap<string, { reads?: string; use?: string }> = new Map([
  ["pretax_income", { reads: "earnings_before_tax" }],
  ["total_cash_and_due_from_banks", { reads: "financials_sector_metrics.total_cash_and_due_from_banks" }],
  ["net_income", { use: "earnings (net income attributable to the company's owners)" }],
  ["capital_expenditure", { use: "realized_capital_goods_investment, or investing_cash_flow" }],
  ["diluted_shares_outstanding", {}],
]);

const quarter = {
  date: str,
  symbol: str,
  ...numbers([...INCOME, ...BALANCE, ...CASH_FLOW]),
  financials_sector_metrics: record(numbers(BANK_METRICS)),
};

const response = recordTable(quarter);

/** Oldest quarter first, transposed: the field names down the first column; the fields blank in
 *  every quarter returned (a bank's cost_of_revenue) marked to be left out unless `all=true`. Only
 *  a call's own table drops them (run/call.ts): VALUE reads this layout's table whole, so a blank
 *  field there is still "does not report". */
const statement = (table: Table, values: Values): Table => {
  const at = table.columns.indexOf("date");
  const key = (row: Table["rows"][number]) => String(row[at] ?? "");
  const oldestFirst = [...table.rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return { ...table, rows: oldestFirst, orient: "columns", key: "date", omitBlank: values.all !== "true" };
};

/** The option that shows every field of the statement, blank ones included. */
const ALL_FIELDS_OPTION: ArgSpec = {
  name: "all",
  kind: bool,
  help: "TRUE: every field of the statement, also those blank in every quarter shown (fields the company's template never fills, such as a bank's cost_of_revenue), which are left out by default; a field named in fields= is always shown",
  at: "local",
};

export const QUARTERLY: FunctionSpec = {
  name: "QUARTERLY",
  group: "idx",
  summary: "Quarterly financial statements of an IDX company, as a statement (one column per quarter).",
  args: [
    { name: "ticker", kind: idxTicker, help: "IDX ticker, e.g. BBCA", required: true, at: "path", batch: true },
    {
      name: "n_quarters",
      kind: int(1, SERVICE_BOUNDS.nQuartersMax),
      help: "the N latest consecutive quarters; overrides report_date and approx",
    },
    { name: "report_date", kind: date, help: "report date; blank for the latest" },
    { name: "approx", kind: bool, help: "TRUE (default): the closest report date; FALSE: only an exact match" },
  ],
  options: [ALL_FIELDS_OPTION],
  editions: {
    spec: endpoint({ path: "/v1/financials/quarterly/{ticker}/", response, layout: statement }),
    live: endpoint({ path: "/v2/financials/quarterly/{ticker}/", response, layout: statement }),
  },
  ttl: TTL.financials,
  until: UNTIL_REPORTED,
  output:
    "Statement layout: first column the field names (`date` first, then `symbol`, the income statement, balance sheet and cash flow fields, bank metrics as `financials_sector_metrics.*`), then one column per quarter, oldest on the left. A field blank in every quarter shown, one the company's template never fills (a bank's `cost_of_revenue`, `gross_profit`, `premium_income`), is left out, so a bank's statement has fewer rows than others': `all=true` shows every field, blank ones included; a field with a value (0 included) in any quarter, and a field named in `fields=`, is always shown. `orient=rows` gives one row per quarter.",
  example: ["BBCA", 4, "", ""],
};
