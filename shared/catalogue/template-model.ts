// The DCF company model, the fifth ready workbook: one IDX company's history from its quarterly
// statements (MDQ.VALUE: a year the sum of its four quarters, TTM the latest four, debt and cash at
// the latest quarter), a five-year projection of free cash flow from the TTM, discounted at the
// WACC, a terminal value, and the equity value per share, in the spreadsheet's own arithmetic.
// Only the years of the history are typed; the projection and the valuation read the TTM and the
// latest quarter, so they move with the statements.
import { mdqCall as f, ref, type Template, type TemplateCell } from "./template-cells";

/** Whole rupiah shown in billions: each trailing comma divides by 1,000 (Excel and Sheets alike). */
const BN = "#,##0,,,";
const PCT = "0.0%";
/** The history's columns: three financial years (typed) and the trailing twelve months. */
const HISTORY = ["B", "C", "D", "E"] as const;
const PERIODS = ["FY2022", "FY2023", "FY2024", "TTM"];
/** The projection's columns, years 1 to 5 after the TTM (column B is the TTM itself). */
const YEARS = ["C", "D", "E", "F", "G"] as const;

/** The statement rows: label, field (a quarterly field or one of VALUE's ratios), options, format. */
const STATEMENT: Array<[row: number, label: string, field: string, options: string | undefined, format: string]> = [
  [6, "Revenue, IDR bn", "revenue", undefined, BN],
  [7, "Revenue growth, year on year", "revenue", "change=yoy", PCT],
  [8, "EBITDA, IDR bn", "ebitda", undefined, BN],
  [9, "EBITDA margin", "ebitda_margin", undefined, PCT],
  [10, "Earnings (to the owners), IDR bn", "earnings", undefined, BN],
  [11, "Net margin", "net_margin", undefined, PCT],
  [12, "Operating cash flow, IDR bn", "operating_cash_flow", undefined, BN],
  [13, "Capital expenditure, IDR bn", "realized_capital_goods_investment", undefined, BN],
  [14, "Free cash flow, IDR bn", "free_cash_flow", undefined, BN],
];

function history(): TemplateCell[] {
  const cells: TemplateCell[] = [{ at: "A5", value: "History", bold: true }];
  HISTORY.forEach((col, i) => {
    cells.push({ at: `${col}5`, value: PERIODS[i], bold: true });
  });
  cells.push({ at: "H5", value: "type the years; TTM is the latest four quarters reported" });
  for (const [row, label, field, options, format] of STATEMENT) {
    cells.push({ at: `A${row}`, value: label });
    for (const col of HISTORY) {
      const args = [ref("$B$2"), field, ref(`${col}$5`), ...(options ? [options] : [])];
      cells.push({ at: `${col}${row}`, formula: f("VALUE", ...args), format });
    }
  }
  cells.push({ at: "A15", value: "Free cash flow margin" });
  for (const col of HISTORY) cells.push({ at: `${col}15`, builtin: `=${col}14/${col}6`, format: PCT });
  return cells;
}

const ASSUMPTIONS: TemplateCell[] = [
  { at: "A17", value: "Assumptions", bold: true },
  { at: "A18", value: "Revenue growth a year, years 1 to 5" },
  { at: "B18", value: 0.05, format: PCT },
  { at: "H18", value: "typed; the history's growth is in row 7" },
  { at: "A19", value: "Free cash flow margin, years 1 to 5" },
  { at: "B19", builtin: "=E15", format: PCT },
  { at: "H19", value: "the TTM's (E15) until you type a number" },
  { at: "A20", value: "Discount rate (WACC)" },
  { at: "B20", value: 0.11, format: PCT },
  { at: "H20", value: "typed: the cost of capital, in rupiah" },
  { at: "A21", value: "Terminal growth a year, after year 5" },
  { at: "B21", value: 0.03, format: PCT },
  { at: "H21", value: "typed: below the discount rate" },
];

function projection(): TemplateCell[] {
  const cells: TemplateCell[] = [
    { at: "A23", value: "Projection: years after the TTM", bold: true },
    { at: "B23", value: "TTM", bold: true },
    { at: "A24", value: "Revenue, IDR bn" },
    { at: "B24", builtin: "=E6", format: BN },
    { at: "A25", value: "Free cash flow, IDR bn" },
    { at: "B25", builtin: "=E14", format: BN },
    { at: "A26", value: "Discount factor at the WACC" },
    { at: "A27", value: "Present value of free cash flow, IDR bn" },
  ];
  YEARS.forEach((col, i) => {
    const before = i === 0 ? "B" : YEARS[i - 1];
    cells.push(
      { at: `${col}23`, value: i + 1, bold: true },
      { at: `${col}24`, builtin: `=${before}24*(1+$B$18)`, format: BN },
      { at: `${col}25`, builtin: `=${col}24*$B$19`, format: BN },
      { at: `${col}26`, builtin: `=1/(1+$B$20)^${col}$23`, format: "0.000" },
      { at: `${col}27`, builtin: `=${col}25*${col}26`, format: BN },
    );
  });
  return cells;
}

const VALUATION: TemplateCell[] = [
  { at: "A29", value: "Valuation", bold: true },
  { at: "A30", value: "Present value of free cash flow, years 1 to 5, IDR bn" },
  { at: "B30", builtin: "=SUM(C27:G27)", format: BN },
  { at: "A31", value: "Terminal value at year 5, IDR bn" },
  { at: "B31", builtin: "=G25*(1+B21)/(B20-B21)", format: BN },
  { at: "A32", value: "Present value of the terminal value, IDR bn" },
  { at: "B32", builtin: "=B31*G26", format: BN },
  { at: "A33", value: "Enterprise value, IDR bn", bold: true },
  { at: "B33", builtin: "=B30+B32", format: BN, bold: true },
  { at: "A34", value: "Total debt at the latest quarter, IDR bn" },
  { at: "B34", formula: f("VALUE", ref("$B$2"), "total_debt", -1), format: BN },
  { at: "A35", value: "Cash and short-term investments at the latest quarter, IDR bn" },
  { at: "B35", formula: f("VALUE", ref("$B$2"), "cash_and_short_term_investments", -1), format: BN },
  { at: "A36", value: "Net debt, IDR bn" },
  { at: "B36", builtin: "=B34-B35", format: BN },
  { at: "A37", value: "Equity value, IDR bn", bold: true },
  { at: "B37", builtin: "=B33-B36", format: BN, bold: true },
  { at: "A38", value: "Value per share, IDR", bold: true },
  { at: "B38", builtin: "=B37/B3", format: "#,##0", bold: true },
  { at: "A39", value: "Enterprise value / TTM EBITDA, times" },
  { at: "B39", builtin: "=B33/E8", format: "0.0" },
  { at: "A40", value: "Terminal value's share of the enterprise value" },
  { at: "B40", builtin: "=B32/B33", format: PCT },
];

export const DCF_MODEL: Template = {
  id: "dcf-model",
  title: "DCF company model",
  file: "dcf-company-model.xlsx",
  sheets: [
    {
      name: "Model",
      widths: { A: 52, B: 14, C: 14, D: 14, E: 14, F: 14, G: 14, H: 64 },
      cells: [
        { at: "A1", value: "DCF company model", bold: true },
        { at: "A2", value: "ticker" },
        { at: "B2", value: "TLKM", bold: true },
        { at: "H2", value: "an IDX company other than a bank; every MDQ.VALUE reads this cell" },
        { at: "A3", value: "shares outstanding" },
        { at: "B3", value: 99_062_216_600, format: "#,##0" },
        { at: "H3", value: "typed: TLKM's; type the count of the company in B2" },
        ...history(),
        ...ASSUMPTIONS,
        ...projection(),
        ...VALUATION,
      ],
    },
  ],
  notes: [
    "A small discounted-cash-flow model of one IDX company (TLKM in B2): its history from the quarterly statements, =MDQ.VALUE(ticker, field, period), five years of free cash flow projected from the trailing twelve months (TTM), discounted at the WACC, a terminal value, and the equity value per share.",
    "The statements' figures are each quarter's own: a year (FY2024) is the sum of its four quarters, TTM the sum of the latest four; debt and cash are the balance sheet's at the latest quarter (period -1). Amounts are whole rupiah shown in IDR billions (the format #,##0,,,), margins and growth as percentages.",
    "The years in B5:D5 are typed: type later ones (FY2025) as the statements come out. The TTM column and the latest quarter move by themselves, and the projection and the valuation read only them, the FY columns being history to compare with.",
    'Change the ticker in B2 and the shares outstanding in B3 together: the live edition\'s statements carry no share count, so B3 is typed (in the spec edition =MDQ.VALUE(B2,"diluted_shares_outstanding",-1) gives it). A bank reports no free cash flow, so the model is for other companies.',
    "Type the assumptions in B18:B21: the free cash flow margin is the TTM's (=E15) until a number is typed there; the terminal growth must stay below the discount rate. Each year is discounted a full year (no mid-year convention); net debt is total debt less cash and short-term investments; minority interests and leases are not deducted.",
    "Both editions of the service (spec and live) serve every field the model reads; its MDQ.VALUE cells, all of one company, share one request.",
  ],
};
