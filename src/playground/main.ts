// The playground page: the Excel functions bundle loaded with browser stand-ins, a sheet and its
// grid, the formula bar, the function builder, the chart and the settings, wired together.
// The sheet is kept in localStorage, so a tracker survives a reload.

import { cardColumnTypes } from "../../shared";
import { Builder } from "../builder/builder";
import type { Runtime } from "../excel/runtime";
import { addressOf, type Cell, parseAddress } from "./address";
import { playgroundHost } from "./builder-host";
import { CardPanel, cardOf } from "./card";
import { ChartPanel } from "./chart";
import { attachEditor } from "./editor";
import { look } from "./format";
import { excelRunner } from "./functions";
import { Grid } from "./grid";
import { History } from "./history";
import { loadExcelFunctions } from "./host";
import { attachPanel } from "./panel";
import { attachPaste } from "./paste";
import { seriesOf } from "./series";
import { attachSettings } from "./settings";
import { Sheet } from "./sheet";
import { attachTemplates } from "./templates";
import { attachUndo } from "./undo";

const ROWS = 1000;
const COLS = 26;
const SAVED = "mdq.playground.sheet";
const SAVED_FORMATS = "mdq.playground.formats";

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** A first visit opens on a small tracker: two dates and an index code that INDEX reads, and a
 *  quarterly statement beside it. The dates are the last 60 days, so the window is always open. */
function exampleSheet(): Record<string, string> {
  const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86400000).toISOString().slice(0, 10);
  return {
    A1: "from",
    B1: "to",
    C1: "index",
    A2: iso(60),
    B2: iso(0),
    C2: "lq45",
    A4: "=MDQ.INDEX(C2, A2, B2)",
    E1: '=MDQ.QUARTERLY("BBCA", 4)',
  };
}

const byCell = (byAddress: Record<string, string>) =>
  Object.entries(byAddress).flatMap(([address, text]) => {
    const cell = parseAddress(address);
    return cell ? [[cell, text] as [Cell, string]] : [];
  });

/** A new sheet: the formats first, so that a "@" cell reads what is typed there as text. */
function load(sheet: Sheet, contents: Record<string, string>, formats: Record<string, string> = {}): void {
  sheet.clear();
  sheet.setFormats(byCell(formats));
  sheet.setInputs(byCell(contents));
}

function saved(key: string): Record<string, string> | undefined {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as Record<string, string>);
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const status = $("#status");
  let registered: Awaited<ReturnType<typeof loadExcelFunctions>>;
  try {
    registered = await loadExcelFunctions(new URL("../excel/functions.js", location.href).href);
  } catch (e) {
    status.textContent = (e as Error).message;
    status.className = "bad";
    return;
  }
  const runtime = (globalThis as unknown as { MDQ_ADDIN: { runtime(): Runtime } }).MDQ_ADDIN.runtime();
  const sheet = new Sheet(ROWS, COLS, excelRunner(registered));
  const grid = new Grid($<HTMLTableElement>("#grid"), sheet);
  const chart = new ChartPanel($<HTMLCanvasElement>("#chart-canvas"), $("#chart-note"));
  const history = new History(sheet);
  const builder = await Builder.mount(
    $("#builder"),
    playgroundHost(runtime, sheet, grid, (formula) => {
      const cell = grid.selected;
      history.record(`inserting into ${addressOf(cell)}`, () => sheet.setInput(cell, formula));
      grid.select(cell);
    }),
  );
  attachEditor(grid, sheet, history, $<HTMLInputElement>("#formula"), $<HTMLInputElement>("#name-box"));
  attachPaste(grid, sheet, history);
  attachUndo(history, grid, $<HTMLButtonElement>("#undo"), $<HTMLButtonElement>("#redo"));
  attachPanel($<HTMLButtonElement>("#panel-toggle"), $("#panel"));
  attachSettings($("#settings"), runtime, () => sheet.recalculateAll());

  // The chart follows the selection to any result it can draw, and stays with that result
  // (redrawn as it recalculates) while other cells are selected.
  let charted: Cell | undefined;
  const refreshChart = () => {
    const here = sheet.resultAt(grid.selected);
    if (here && seriesOf(here.name, here.cells)) charted = here.anchor;
    const result = charted && sheet.resultAt(charted);
    const series = result ? seriesOf(result.name, result.cells) : undefined;
    $("#chart-source").textContent = result && series ? `${addressOf(result.anchor)}: ${sheet.input(result.anchor)}` : "";
    chart.show(series, JSON.stringify([charted, series]));
  };
  // The card of a COMPANY result under the selection, above the chart.
  const company = { group: "general", identifiers: cardColumnTypes() };
  const cardPanel = new CardPanel($("#chart"), (name, value) => look(value, [name], company).text);
  const refreshCard = () => {
    const here = sheet.resultAt(grid.selected);
    cardPanel.render(here && cardOf(here.name, here.cells), here ? `${addressOf(here.anchor)}: ${sheet.input(here.anchor)}` : "");
  };
  const showStatus = () => {
    const s = runtime.stats();
    const busy = sheet.calculating();
    status.className = "";
    status.textContent = `${busy ? `Calculating ${busy} formula${busy > 1 ? "s" : ""}… · ` : "Ready · "}${s.requests} requests sent, ${s.fromCache} answered from the cache, ${s.cached} answers cached`;
  };
  // The selected cell's error in words, under the formula bar (the same text is its hover).
  const showCellMessage = () => {
    const shown = sheet.shown(grid.selected);
    const box = $("#cell-message");
    box.hidden = shown.kind !== "error";
    box.textContent = shown.kind === "error" ? `${addressOf(grid.selected)} ${shown.code} ${shown.message}` : "";
  };
  sheet.onChange(() => {
    grid.render();
    refreshChart();
    refreshCard();
    showCellMessage();
    showStatus();
    localStorage.setItem(SAVED, JSON.stringify(sheet.contents()));
    localStorage.setItem(SAVED_FORMATS, JSON.stringify(sheet.savedFormats()));
  });
  grid.onSelect(() => {
    refreshChart();
    refreshCard();
    showCellMessage();
  });

  $("#recalculate").addEventListener("click", () => {
    runtime.clearCache();
    sheet.recalculateAll();
  });
  // Replacing the whole sheet is one step too: Undo brings the cells back.
  $("#clear").addEventListener("click", () => history.record("clearing the sheet", () => load(sheet, {})));
  $("#example").addEventListener("click", () => history.record("loading the example", () => load(sheet, exampleSheet())));
  attachTemplates($<HTMLSelectElement>("#templates"), (title, view) => {
    history.record(`opening ${title}`, () => load(sheet, view.inputs, view.formats));
    grid.select(parseAddress("A1")!);
  });

  const contents = saved(SAVED);
  load(sheet, contents ?? exampleSheet(), contents ? saved(SAVED_FORMATS) : undefined);
  grid.select(parseAddress("A4")!);
  grid.table.focus();
  // For the browser tests and the curious: the live objects of this page.
  (globalThis as unknown as { MDQ_PLAYGROUND: unknown }).MDQ_PLAYGROUND = { sheet, grid, chart, builder, runtime, history };
}

void main();
