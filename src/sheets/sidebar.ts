// The formula builder's sidebar (MDQ > Formula builder) and the server functions its page calls
// through google.script.run. Each call is an execution of its own, run as the person who opened the
// sidebar (the scopes of appsscript.json, as the menu's), within Apps Script's 6-minute limit
// (MDQ's own budget per call, 25 s, stays well inside it). What goes back to the page passes
// Google's rules for google.script.run (primitives, arrays and plain objects: no Date), and never
// holds the API key: the page is HTML any editor's browser runs.
import { MdqError, messageOf } from "../../shared";
import type { RunAnswer } from "../builder/host";
import { gas } from "./apps-script";
import { call } from "./run";

/** The sidebar's file in the project (dist/sheets/Sidebar.html, built by scripts/build-sheets.mjs). */
export const SIDEBAR_FILE = "Sidebar";
export const SIDEBAR_TITLE = "MDQ formula builder";

/** MDQ > Formula builder. Google draws a sidebar 300 px wide, whatever the page asks. */
export function showBuilder(): void {
  const page = gas().HtmlService.createHtmlOutputFromFile(SIDEBAR_FILE).setTitle(SIDEBAR_TITLE);
  gas().SpreadsheetApp.getUi().showSidebar(page);
}

/** A cell as google.script.run may carry it: a Date becomes its day (or moment) in the spreadsheet's zone. */
export type PageCell = string | number | boolean | null;

/** The builder's answer (RunAnswer), its cells as google.script.run carries them; a failure in
 *  Sheets' words, instead of the cells. */
export interface PageRun extends RunAnswer {
  cells: PageCell[][];
}

/** The arguments of a cell as the page sends them (the options cell, if any, last): a blank as
 *  null, as Sheets passes an omitted argument, and no trailing blanks. */
function cellArguments(args: unknown): unknown[] {
  if (!Array.isArray(args)) throw new MdqError("bad_argument", "the builder sent no list of arguments");
  const cells = args.map((a) => (a === "" || a === undefined ? null : a));
  while (cells.length && cells[cells.length - 1] === null) cells.pop();
  return cells;
}

/** A date cell as text in the spreadsheet's zone: its day, or its moment when it has a time. */
function pageCell(cell: unknown, zone: () => string): PageCell {
  if (cell === null || cell === undefined) return null;
  if (Object.prototype.toString.call(cell) === "[object Date]") {
    const u = gas().Utilities;
    const moment = u.formatDate(cell as Date, zone(), "yyyy-MM-dd HH:mm:ss");
    return moment.endsWith(" 00:00:00") ? moment.slice(0, 10) : moment;
  }
  return typeof cell === "number" || typeof cell === "boolean" ? cell : String(cell);
}

/** Preview, company search and explain: the function run as a cell would run it (same cache,
 *  same settings), its cells for the page. A failure is the answer's `error`, not an exception:
 *  the page shows it where the preview would be. */
export function builderRun(name: unknown, args: unknown): PageRun {
  try {
    const result = call(String(name), cellArguments(args));
    let zone: string | undefined;
    const zoneOf = () => {
      zone ??= gas().SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone();
      return zone;
    };
    const run: PageRun = {
      cells: result.cells.map((row) => row.map((c) => pageCell(c, zoneOf))),
      requests: result.attempts,
      credits: result.credits,
      fromCache: result.fromCache,
    };
    if (result.formats) run.formats = result.formats;
    if (result.headers !== undefined) run.headers = result.headers;
    if (result.stale) {
      run.stale = `the answer of ${pageCell(new Date(result.stale.since), zoneOf)}, shown because the refresh failed: ${result.stale.reason}`;
    }
    return run;
  } catch (e) {
    // call() words its errors for Sheets already (the key taken out); anything else in the core's words.
    const error = e instanceof Error ? e.message : messageOf(e, "sheets");
    const empty = (e as { kind?: unknown }).kind === "no_data";
    return { cells: [], requests: 0, credits: 0, fromCache: false, error, ...(empty ? { empty } : {}) };
  }
}

/** Only MDQ's own formulas: the sidebar is a builder of them, not a way to write any cell. */
const MDQ_FORMULA = /^=MDQ_[A-Z][A-Z0-9_]*\(/;

/** Insert: the formula into the selected cell (Range.setFormula); its address back. */
export function builderInsert(formula: unknown): { address: string } {
  const text = String(formula ?? "").trim();
  if (!MDQ_FORMULA.test(text)) throw new Error(`MDQ: the builder writes only MDQ formulas (=MDQ_...), not ${text.slice(0, 40)}`);
  const ss = gas().SpreadsheetApp.getActiveSpreadsheet();
  const cell = ss.getCurrentCell();
  if (!cell) throw new Error("MDQ: select a cell first, then Insert.");
  cell.setFormula(text);
  return { address: `${ss.getActiveSheet().getName()}!${cell.getA1Notation()}` };
}

/** The selected cell and its formula ("" when it holds none); null when nothing is selected. */
export function builderSelected(): { address: string; formula: string } | null {
  const ss = gas().SpreadsheetApp.getActiveSpreadsheet();
  const cell = ss.getCurrentCell();
  if (!cell) return null;
  return { address: `${ss.getActiveSheet().getName()}!${cell.getA1Notation()}`, formula: cell.getFormula() };
}

/** Explain of a formula that reads cells: a reference's values as the cell's call receives them
 *  (one cell: its value; a range: its rows), on the selected cell's sheet unless it names one. */
export function builderRead(reference: unknown): PageCell | PageCell[][] {
  const text = String(reference ?? "").trim();
  if (!/^(('[^']+'|[A-Za-z_][\w.]*)!)?\$?[A-Z]{1,3}\$?\d+(:\$?[A-Z]{1,3}\$?\d+)?$/.test(text))
    throw new Error(`MDQ: ${text.slice(0, 40)} is not a cell or range address`);
  const ss = gas().SpreadsheetApp.getActiveSpreadsheet();
  const address = text.replace(/\$/g, "");
  const range = ss.getRange(address);
  const zone = () => ss.getSpreadsheetTimeZone();
  const rows = range.getValues().map((row) => row.map((c) => (c === "" ? null : pageCell(c, zone))));
  return rows.length === 1 && rows[0].length === 1 ? rows[0][0] : rows;
}
