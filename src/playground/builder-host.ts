// The playground as the builder's host (src/builder/host.ts): the catalogue from this page's own
// bundle with all its help, calls through the page's runtime (the one its cells use, so a preview
// fills the cache the inserted formula then reads), and the grid's selected cell.
import { ageText, argHelp, CATALOGUE, DISPLAY_OPTIONS, GROUP_TITLES, messageOf } from "../../shared";
import { describeCatalogue } from "../builder/describe";
import type { BuilderHost } from "../builder/host";
import { answerOf } from "../builder/run-answer";
import type { Runtime } from "../excel/runtime";
import { addressOf } from "./address";
import type { Grid } from "./grid";
import type { Sheet } from "./sheet";

export function playgroundHost(runtime: Runtime, sheet: Sheet, grid: Grid, insert: (formula: string) => void): BuilderHost {
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
    selected: async () => ({ address: addressOf(grid.selected), formula: sheet.input(grid.selected) }),
    onSelectionChanged: (callback) => grid.onSelect(() => callback()),
    referenceUrl: (name) => `../excel/help.html#${name.toLowerCase()}`,
  };
}
