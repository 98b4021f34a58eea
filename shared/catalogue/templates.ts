// Ready workbooks: five templates as typed data (template-cells.ts), one source for the Excel files
// that scripts/templates.mjs writes (exceljs), for MDQ > Insert template in Google Sheets and for the
// playground. A cell holds a value, an MDQ formula (a catalogue function and its arguments: text,
// numbers or cell references, written for each host by formulaText) or a formula of the
// spreadsheet's own functions and arithmetic (builtin-formula.ts); nothing here does I/O or reads
// the clock. The DCF company model's cells are in template-model.ts.

import { type CellValue, columnName, isIsoDate, isoToSerial } from "../base/cells";
import { validate } from "../input/validate";
import { findFunction } from "./catalogue";
import {
  type FormulaArg,
  mdqCall as f,
  ref,
  type Template,
  type TemplateCell,
  type TemplateFormula,
  type TemplateSheet,
} from "./template-cells";
import { DCF_MODEL } from "./template-model";
import { SERVICE_BOUNDS } from "./vocabularies";

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

const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/** Every address of an A1 range ("A6:B7" → A6, B6, A7, B7), row by row; one cell is itself. */
export function rangeAddresses(range: string): string[] {
  const [from, to = from] = plainA1(range).split(":");
  const a = /^([A-Z]{1,3})(\d+)$/.exec(from);
  const b = /^([A-Z]{1,3})(\d+)$/.exec(to);
  if (!a || !b) throw new Error(`${range} is not an A1 range`);
  const cols = [columnNumber(a[1]), columnNumber(b[1])].sort((x, y) => x - y);
  const rows = [Number(a[2]), Number(b[2])].sort((x, y) => x - y);
  const out: string[] = [];
  for (let row = rows[0]; row <= rows[1]; row++) for (let col = cols[0]; col <= cols[1]; col++) out.push(`${columnName(col - 1)}${row}`);
  return out;
}

/** The days a `=TODAY()`, `=TODAY()-90` or `=TODAY()+7` formula adds to today; undefined for any
 *  other formula. */
export function todayOffset(text: string): number | undefined {
  const m = /^=?\s*TODAY\(\s*\)\s*(?:([+-])\s*(\d+))?\s*$/i.exec(text);
  if (!m) return undefined;
  return m[1] === "-" ? -Number(m[2]) : Number(m[2] ?? 0);
}

/** What an MDQ argument reads from a referenced cell on `today`: its value, blank when empty, the
 *  date (as Excel's serial number, what Excel passes) that a TODAY() formula gives. Any other
 *  formula is refused: its value is not known before it runs, and reading it as blank would let
 *  any argument pass. */
function referenced(cell: TemplateCell | undefined, today: string): CellValue {
  if (!cell) return null;
  if (cell.builtin !== undefined) {
    const days = todayOffset(cell.builtin);
    if (days === undefined)
      throw new Error(`${cell.at} holds ${cell.builtin}: an MDQ argument may refer to a value or a TODAY() date only`);
    return (isoToSerial(today) as number) + days;
  }
  if (cell.formula) throw new Error(`${cell.at} holds an MDQ formula: an MDQ argument may refer to a value or a TODAY() date only`);
  return cell.value ?? null;
}

/** The arguments a formula's function gets on `today` (YYYY-MM-DD), references read from the
 *  template's own cells, then the core's own validation. */
export function checkFormula(formula: TemplateFormula, sheet: TemplateSheet, today: string): void {
  if (!isIsoDate(today)) throw new Error(`today must be a date such as 2026-01-31, not ${today}`);
  const fn = findFunction(formula.fn);
  if (!fn) throw new Error(`${formula.fn} is not a function of the catalogue`);
  const cells = new Map(sheet.cells.map((c) => [plainA1(c.at), c] as const));
  const args: CellValue[] = formula.args.map((a) => (typeof a === "object" ? referenced(cells.get(plainA1(a.ref)), today) : a));
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

/** The provinces the mining watch list counts at first: where coal, nickel and tin are mined. */
const WATCHED_PROVINCES = [
  "Kalimantan Timur",
  "Kalimantan Selatan",
  "Kalimantan Tengah",
  "Kalimantan Utara",
  "Sumatera Selatan",
  "Jambi",
  "Sulawesi Tengah",
  "Sulawesi Tenggara",
  "Maluku Utara",
  "Kepulauan Bangka Belitung",
];
/** The last row MINING_LICENSES can fill under its header at A21 (one call lists at most 30). */
const LAST_LICENSE = 21 + SERVICE_BOUNDS.limitMax;

/** KLSE codes to watch; 0166 shows that a code starting with 0 stays text. */
const KLSE_WATCH = ["1155", "1295", "5347", "1023", "0166"];

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
          { at: "B2", builtin: `=TODAY()-${SERVICE_BOUNDS.indexWindowDays}`, format: "yyyy-mm-dd" },
          { at: "A3", value: "end" },
          { at: "B3", builtin: "=TODAY()", format: "yyyy-mm-dd" },
          { at: "A5", formula: f("INDEX", "lq45", ref("B2"), ref("B3"), "fields=date,price") },
          { at: "D1", value: "LQ45 members", bold: true },
          { at: "D2", formula: f("LIST", "index_members", "index=lq45") },
        ],
        // A 90-day window holds at most 65 trading days (13 weeks): rows 6 to 70, and room to spare.
        formats: { "A6:A100": "yyyy-mm-dd", "B6:B100": "#,##0.00" },
        chart: { title: "LQ45 daily close", series: "LQ45", categories: "A6:A100", values: "B6:B100", at: "G2:O22", names: "Tracker" },
      },
    ],
    notes: [
      "The LQ45 index's daily closes from 90 days ago to today, charted, and the index's members. The window is B2 (=TODAY()-90) to B3 (=TODAY()), so the workbook tracks from the day it is opened; INDEX gives at most 90 days per call.",
      "Type a date in B2 or B3 (2025-01-31) for a fixed window; the closes, the chart and the members recalculate. Both editions serve INDEX and the member list.",
      "Excel: the chart draws the dates and closes INDEX spills from A6 down, as far as they reach (the names TrackerDates and TrackerValues). Google Sheets: select A5:B100, then Insert > Chart > Line.",
    ],
  },
  {
    id: "mining-licenses",
    title: "Mining-license watch list",
    file: "mining-license-watch.xlsx",
    sheets: [
      {
        name: "Licenses",
        widths: { A: 28, B: 34, C: 22, D: 26, E: 18, F: 16, G: 22 },
        cells: [
          { at: "A1", value: "Mining-license watch list", bold: true },
          { at: "A2", value: "commodity" },
          { at: "B2", value: "Coal" },
          { at: "C2", value: "blank for every commodity" },
          { at: "A3", value: "province" },
          { at: "C3", value: "blank for every province, or one such as Kalimantan Timur" },
          { at: "A4", value: "skip" },
          { at: "B4", value: 0 },
          { at: "C4", value: `licences listed per call: ${SERVICE_BOUNDS.limitMax}; skip ${SERVICE_BOUNDS.limitMax} for the next ones` },
          { at: "A6", value: "Expiring within a year, by province", bold: true },
          { at: "A7", value: "province", bold: true },
          { at: "B7", value: "licences", bold: true },
          ...WATCHED_PROVINCES.flatMap((province, i): TemplateCell[] => [
            { at: `A${8 + i}`, value: province },
            // Every column of the list (A to O, the live edition's 15): the province is column C in
            // the spec edition, D in the live one.
            { at: `B${8 + i}`, builtin: `=COUNTIF($A$22:$O$${LAST_LICENSE},A${8 + i})` },
          ]),
          { at: "A18", value: "all listed", bold: true },
          // license_number, the second column in both editions.
          { at: "B18", builtin: `=COUNTA($B$22:$B$${LAST_LICENSE})` },
          { at: "A20", value: "Licences expiring within a year", bold: true },
          { at: "A21", formula: f("MINING_LICENSES", ref("B3"), ref("B2"), true, SERVICE_BOUNDS.limitMax, ref("B4")) },
        ],
        // The dates (permit_expiry_date in E, spec; license_effective_date and license_expiry_date in
        // F and G, live) and the live edition's area (I); text in those columns stays as it is.
        formats: { [`E22:G${LAST_LICENSE}`]: "yyyy-mm-dd", [`I22:I${LAST_LICENSE}`]: "#,##0.00" },
      },
    ],
    notes: [
      "Mining licenses (IUP) that expire within 365 days, for the commodity in B2 and the province in B3 (each blank for all): the list from A21 and, above it, how many of the listed licences each province holds.",
      `The service lists at most ${SERVICE_BOUNDS.limitMax} licences per call: B4 skips that many (${SERVICE_BOUNDS.limitMax} for the next ones); the counts are of the licences listed. Type another province in column A (rows 8 to 17) to count it.`,
      "Both editions serve MINING_LICENSES; the live edition's list has more columns, which the counts do not depend on.",
    ],
  },
  {
    id: "klse-top",
    title: "KLSE top companies",
    file: "klse-top-companies.xlsx",
    sheets: [
      {
        name: "KLSE",
        widths: { A: 18, B: 8, C: 10, D: 36, E: 18, G: 10, H: 16, I: 18 },
        cells: [
          { at: "A1", value: "KLSE top companies", bold: true },
          { at: "A3", formula: f("KLSE_TOP", "market_cap,pe", "", "", "n_stock=10") },
          { at: "G1", value: "Watch list", bold: true },
          { at: "G2", value: "code", bold: true },
          { at: "H2", value: "P/E", bold: true },
          { at: "I2", value: "market cap", bold: true },
          ...KLSE_WATCH.flatMap((code, i): TemplateCell[] => [
            { at: `G${3 + i}`, value: code, format: "@" },
            { at: `H${3 + i}`, formula: f("VALUE", ref(`$G${3 + i}`), "valuation.pe"), format: "0.00" },
            { at: `I${3 + i}`, formula: f("VALUE", ref(`$G${3 + i}`), "overview.market_cap"), format: "#,##0" },
          ]),
        ],
        // KLSE_TOP's value column (market caps and P/Es, ten each) and room for more codes, as text.
        formats: { "E4:E23": "#,##0.00", [`G${3 + KLSE_WATCH.length}:G12`]: "@" },
      },
    ],
    notes: [
      "Bursa Malaysia's top companies by market cap and P/E (ten each), and a watch list of KLSE codes with one value per cell from each company's report.",
      "Type a 4-digit KLSE code in column G (down to G12) and copy the P/E and market cap formulas down to watch another company. The code cells are text (format @), so a code starting with 0, such as 0166, keeps it.",
      "Both editions serve KLSE_TOP and the KLSE report.",
    ],
  },
  DCF_MODEL,
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
