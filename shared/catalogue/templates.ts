// Ready workbooks: four templates as typed data, one source for the Excel files that
// scripts/templates.mjs writes (exceljs) and for MDQ > Insert template in Google Sheets. A formula
// is a catalogue function and its arguments (text, numbers or cell references), written for each
// host by formulaText; nothing here does I/O.

import type { CellValue } from "../base/cells";
import { validate } from "../input/validate";
import { findFunction } from "./catalogue";

/** A reference to another cell, as the formula writes it ($A4, B$1). */
export interface Ref {
  ref: string;
}
export type FormulaArg = string | number | boolean | Ref;

export interface TemplateFormula {
  fn: string;
  args: FormulaArg[];
}

export interface TemplateCell {
  /** A1 address on its sheet. */
  at: string;
  value?: string | number;
  formula?: TemplateFormula;
  /** A number format (both hosts' syntax): "#,##0", "0.00", "yyyy-mm-dd". */
  format?: string;
  bold?: boolean;
}

export interface TemplateSheet {
  name: string;
  cells: TemplateCell[];
  /** Column widths in characters, by column letter. */
  widths?: Readonly<Record<string, number>>;
}

export interface Template {
  id: string;
  title: string;
  /** The workbook's file name under templates/. */
  file: string;
  sheets: TemplateSheet[];
  /** The notes sheet's lines: what it shows, what to change, which edition serves it. */
  notes: string[];
}

export const ref = (a1: string): Ref => ({ ref: a1 });
const f = (fn: string, ...args: FormulaArg[]): TemplateFormula => ({ fn, args });

/** How a host names MDQ's functions in a formula: typed in Excel (MDQ.VALUE), in Sheets
 *  (MDQ_VALUE), and as an Excel file stores an add-in's JavaScript custom function until the add-in
 *  is loaded (`_xldudf_` then the namespace and name joined by "_"; Excel shows MDQ.VALUE once MDQ
 *  is loaded). */
export const FORMULA_PREFIX = { excel: "MDQ.", sheets: "MDQ_", xlsx: "_xldudf_MDQ_" } as const;

/** A formula as a host writes it: `=MDQ.NAME(...)` in Excel, `=MDQ_NAME(...)` in Sheets. */
export function formulaText(formula: TemplateFormula, host: keyof typeof FORMULA_PREFIX): string {
  const name = FORMULA_PREFIX[host] + formula.fn;
  const args = formula.args.map((a) =>
    typeof a === "object" ? a.ref : typeof a === "string" ? `"${a.replace(/"/g, '""')}"` : String(a).toUpperCase(),
  );
  return `=${name}(${args.join(",")})`;
}

/** Column letters and row of an A1 address without $ signs. */
const plainA1 = (a1: string) => a1.replace(/\$/g, "").toUpperCase();

/** The arguments a formula's function gets, references read from the template's own cells (a
 *  reference to a formula or an empty cell is blank), then the core's own validation. */
export function checkFormula(formula: TemplateFormula, sheet: TemplateSheet): void {
  const fn = findFunction(formula.fn);
  if (!fn) throw new Error(`${formula.fn} is not a function of the catalogue`);
  const values = new Map(sheet.cells.map((c) => [plainA1(c.at), c.value] as const));
  const args: CellValue[] = formula.args.map((a) => (typeof a === "object" ? (values.get(plainA1(a.ref)) ?? null) : a));
  validate(fn, args);
}

const BANKS = ["BBCA", "BBRI", "BMRI", "BBNI", "BRIS", "BNGA", "BBTN", "NISP", "BDMN", "PNBN"];
const BANK_FIELDS: Array<[string, string]> = [
  ["revenue", "Revenue"],
  ["earnings", "Earnings"],
  ["total_assets", "Total assets"],
  ["total_equity", "Total equity"],
  ["financials_sector_metrics.net_interest_income", "Net interest income"],
  ["financials_sector_metrics.gross_loan", "Gross loans"],
  ["financials_sector_metrics.total_deposit", "Total deposits"],
  ["financials_sector_metrics.current_account", "Current accounts"],
  ["financials_sector_metrics.savings_account", "Savings accounts"],
  ["operating_cash_flow", "Operating cash flow"],
];
const COLUMNS = "BCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The banks across, the fields down; every cell one VALUE of its column's bank and row's field. */
function bankGrid(): TemplateCell[] {
  const cells: TemplateCell[] = [
    { at: "A1", value: "IDX bank comparison", bold: true },
    { at: "A2", value: "period" },
    { at: "B2", value: -1 },
    { at: "C2", value: "-1 is the latest quarter; or 2024Q4, FY2024, a date" },
    { at: "A4", value: "field", bold: true },
  ];
  BANKS.forEach((bank, i) => {
    cells.push({ at: `${COLUMNS[i]}4`, value: bank, bold: true });
  });
  BANK_FIELDS.forEach(([field, label], r) => {
    const row = 5 + r;
    cells.push({ at: `A${row}`, value: field });
    BANKS.forEach((_, i) => {
      cells.push({ at: `${COLUMNS[i]}${row}`, formula: f("VALUE", ref(`${COLUMNS[i]}$4`), ref(`$A${row}`), ref("$B$2")), format: "#,##0" });
    });
    cells.push({ at: `${COLUMNS[BANKS.length]}${row}`, value: label });
  });
  return cells;
}

export const TEMPLATES: readonly Template[] = [
  {
    id: "idx-banks",
    title: "IDX bank comparison",
    file: "idx-bank-comparison.xlsx",
    sheets: [{ name: "Banks", cells: bankGrid(), widths: { A: 44, L: 22 } }],
    notes: [
      "Ten IDX banks side by side: each cell is =MDQ.VALUE(bank, field, period), one number from the bank's quarterly statements.",
      "Change the period in B2 (-1 the latest quarter, -2 the one before, 2024Q4, FY2024 or a date) or a bank's ticker in row 4; add a field in column A with the name QUARTERLY shows.",
      "All cells of one bank share one request: ten requests for the whole grid, none when it recalculates within 6 hours.",
      "A field a bank does not report shows #N/A with a message naming the field. Both editions of the service (spec and live) serve these statements.",
    ],
  },
  {
    id: "lq45-tracker",
    title: "LQ45 tracker",
    file: "lq45-tracker.xlsx",
    sheets: [
      {
        name: "LQ45",
        widths: { A: 14, B: 14, D: 12, E: 36 },
        cells: [
          { at: "A1", value: "LQ45 tracker", bold: true },
          { at: "A2", value: "start" },
          { at: "B2", value: "2025-01-02", format: "yyyy-mm-dd" },
          { at: "A3", value: "end" },
          { at: "B3", value: "2025-03-31", format: "yyyy-mm-dd" },
          { at: "A5", formula: f("INDEX", "lq45", ref("B2"), ref("B3"), "fields=date,price"), format: "#,##0.00" },
          { at: "D1", value: "LQ45 members", bold: true },
          { at: "D2", formula: f("LIST", "index_members", "index=lq45") },
        ],
      },
    ],
    notes: [
      "The LQ45 index's daily closes for the window in B2:B3 (at most 90 days per call), and the index's members.",
      "Chart: select the spilled date and price columns (A5 down) and insert a line chart (Insert > Chart > Line). The workbook is written by exceljs, which cannot write charts, so the chart is yours to add; it follows the spill as the window changes.",
      "Change the dates in B2 and B3; the formulas recalculate. Both editions serve INDEX and the member list.",
    ],
  },
  {
    id: "mining-licenses",
    title: "Mining-license watch list",
    file: "mining-license-watch.xlsx",
    sheets: [
      {
        name: "Licenses",
        widths: { A: 10, B: 34, C: 22, D: 20, E: 16, F: 12, G: 40 },
        cells: [
          { at: "A1", value: "Mining-license watch list", bold: true },
          { at: "A2", value: "commodity" },
          { at: "B2", value: "Coal" },
          { at: "A3", value: "province" },
          { at: "B3", value: "Kalimantan Timur" },
          { at: "A5", value: "Expiring within a year", bold: true },
          { at: "A6", formula: f("MINING_LICENSES", ref("B3"), ref("B2"), true, 30), format: "yyyy-mm-dd" },
        ],
      },
    ],
    notes: [
      "Mining licenses (IUP) of one commodity in one province that expire within 365 days (the first 30, as the service lists them; the service gives at most 30 per call: raise the offset, the fifth argument, for the next 30).",
      "Change the commodity (B2) or the province (B3); clear B3 for every province.",
      "Both editions serve MINING_LICENSES.",
    ],
  },
  {
    id: "klse-top",
    title: "KLSE top companies",
    file: "klse-top-companies.xlsx",
    sheets: [
      {
        name: "KLSE",
        widths: { A: 18, B: 8, C: 10, D: 36, E: 18, G: 10, H: 16, I: 16 },
        cells: [
          { at: "A1", value: "KLSE top companies", bold: true },
          { at: "A3", formula: f("KLSE_TOP", "market_cap,pe", "", "", "n_stock=10"), format: "#,##0.00" },
          { at: "G1", value: "Watch list", bold: true },
          { at: "G2", value: "code", bold: true },
          { at: "H2", value: "P/E", bold: true },
          { at: "I2", value: "market cap", bold: true },
          ...["1155", "1295", "5347", "1023"].flatMap((code, i): TemplateCell[] => [
            { at: `G${3 + i}`, value: code },
            { at: `H${3 + i}`, formula: f("VALUE", ref(`$G${3 + i}`), "valuation.pe"), format: "0.00" },
            { at: `I${3 + i}`, formula: f("VALUE", ref(`$G${3 + i}`), "overview.market_cap"), format: "#,##0" },
          ]),
        ],
      },
    ],
    notes: [
      "Bursa Malaysia's top companies by market cap and P/E (ten each), and a watch list of KLSE codes with one value per cell from each company's report.",
      "Type a 4-digit KLSE code in column G to watch another company; in the Excel file the codes are text, so a code starting with 0 keeps it.",
      "Both editions serve KLSE_TOP and the KLSE report.",
    ],
  },
];

/** A formula as written by formulaText (any host's prefix) back into its function and arguments;
 *  undefined for anything else (another function, nesting, an operator). */
export function parseFormula(text: string): TemplateFormula | undefined {
  const m = /^=?(_xldudf_MDQ_|MDQ[._])([A-Za-z_]+)\((.*)\)$/s.exec(text.trim());
  if (!m) return undefined;
  const args: FormulaArg[] = [];
  const token = /\s*(?:"((?:[^"]|"")*)"|(-?\d+(?:\.\d+)?)|(TRUE|FALSE)|(\$?[A-Z]{1,3}\$?\d+))\s*(,|$)/iy;
  const body = m[3];
  if (body.trim() === "") return { fn: m[2].toUpperCase(), args };
  for (token.lastIndex = 0; token.lastIndex < body.length; ) {
    const at = token.lastIndex;
    const t = token.exec(body);
    if (!t || token.lastIndex === at) return undefined;
    if (t[1] !== undefined) args.push(t[1].replace(/""/g, '"'));
    else if (t[2] !== undefined) args.push(Number(t[2]));
    else if (t[3] !== undefined) args.push(t[3].toUpperCase() === "TRUE");
    else args.push(ref(t[4].toUpperCase()));
    if (t[5] === "") break;
  }
  return { fn: m[2].toUpperCase(), args };
}
