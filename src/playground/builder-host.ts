// The playground as the builder's host (src/builder/host.ts): the catalogue from this page's own
// bundle with all its help, calls through the page's runtime (the one its cells use, so a preview
// fills the cache the inserted formula then reads), and the grid's selected cell.
import { ageText, argHelp, CATALOGUE, type CellValue, DISPLAY_OPTIONS, findFunction, GROUP_TITLES, messageOf } from "../../shared";
import { describeCatalogue } from "../builder/describe";
import type { BuilderHost, Selection } from "../builder/host";
import { answerOf } from "../builder/run-answer";
import type { Runtime } from "../excel/runtime";
import { addressOf, parseAddress } from "./address";
import { look } from "./format";
import type { Grid } from "./grid";
import type { Sheet } from "./sheet";

export function playgroundHost(runtime: Runtime, sheet: Sheet, grid: Grid, insert: (formula: string) => void): BuilderHost {
  const selection = (): Selection => ({ address: addressOf(grid.selected), formula: sheet.input(grid.selected) });
  return {
    prefix: "MDQ.",
    catalogue: async () =>
      describeCatalogue(CATALOGUE, {
        groupTitles: GROUP_TITLES,
        displayOptions: DISPLAY_OPTIONS,
        summary: (fn) => fn.summary,
        output: (fn) => fn.output,
        // The rows' ArgRule is an ArgSpec here: this bundle keeps the help (only Excel's drops it).
        help: (_fn, arg) => argHelp(arg as Parameters<typeof argHelp>[0]),
        example: (fn) => fn.example,
      }),
    run: (name, args) =>
      answerOf(() => runtime.run(name, args), {
        message: (e) => messageOf(e, "playground"),
        age: ageText,
        now: () => Date.now(),
      }),
    insert: async (formula) => insert(formula),
    selected: async () => selection(),
    // A reference's values as the sheet shows them now (an error or an empty cell: blank).
    read: async (reference) => {
      const [from, to = from] = reference.split(":").map(parseAddress);
      if (!from || !to) return undefined;
      const value = (row: number, col: number) => {
        const shown = sheet.shown({ row, col });
        return shown.kind === "value" ? (shown.value as CellValue) : null;
      };
      if (reference.indexOf(":") < 0) return value(from.row, from.col);
      const rows: CellValue[][] = [];
      for (let r = Math.min(from.row, to.row); r <= Math.max(from.row, to.row); r++) {
        const row: CellValue[] = [];
        for (let c = Math.min(from.col, to.col); c <= Math.max(from.col, to.col); c++) row.push(value(r, c));
        rows.push(row);
      }
      return rows as CellValue;
    },
    // A move of the selection, and a change of the selected cell's text whatever made it (the
    // example, a template, undo): the builder's fields and note are about the cell as it is.
    onSelectionChanged: (callback) => {
      let told = "";
      const tell = () => {
        const now = selection();
        told = `${now.address}\n${now.formula}`;
        callback(now);
      };
      grid.onSelect(tell);
      sheet.onChange(() => {
        const now = selection();
        if (`${now.address}\n${now.formula}` !== told) tell();
      });
    },
    referenceUrl: (name) => `../excel/help.html#${name.toLowerCase()}`,
    // The preview's cells as the grid shows them.
    cellText: (fn, value, labels, format) => look(value, labels, findFunction(fn), format).text,
  };
}
