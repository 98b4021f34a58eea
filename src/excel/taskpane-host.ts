/// <reference types="office-js" />
// Excel's task pane as the builder's host (src/builder/host.ts). The rows and the runtime are the
// ones functions.js published (addin.ts), so the pane loads no second copy of the core; the help
// text, which functions.js is built without, comes from functions.json, as Excel's own formula
// help does (without it the builder shows none). The active cell through Office.js: read with
// Workbook.getActiveCell (ExcelApi 1.7), written with Range.formulas, followed with
// Workbook.onSelectionChanged (ExcelApi 1.2).
import type { FunctionSpec } from "../../shared";
import { describeCatalogue } from "../builder/describe";
import { fieldText, readFormula } from "../builder/formula";
import { type BuilderCatalogue, type BuilderHost, purposeOf, sharedFollow, sharedRead } from "../builder/host";
import { lookWith } from "../builder/look";
import { answerOf } from "../builder/run-answer";
import type { Addin } from "./addin";
import type { PaneCall } from "./taskpane-spent";

/** What the builder reads of functions.json (scripts/build-excel.mjs writes it). */
interface Metadata {
  functions: Array<{ id: string; description?: string; helpUrl?: string; parameters?: Array<{ name: string; description?: string }> }>;
}

type Described = Metadata["functions"][number];

/** functions.json, or nothing when it cannot be read (the builder then shows no help). */
async function metadata(url: string): Promise<Map<string, Described>> {
  try {
    const answer = await fetch(url);
    if (!answer.ok) return new Map();
    const json = (await answer.json()) as Metadata;
    return new Map(json.functions.map((f) => [f.id, f]));
  } catch {
    return new Map();
  }
}

/** A description's first paragraph (the summary) and the call in its "Example: =MDQ.X(...)" line. */
const [SUMMARY, EXAMPLE] = [/^[^\n]*/, /\nExample: (=MDQ\.[^\n]*)/];

/** `spent`: told of each call the pane makes, once answered (the pane's counters). */
export function excelHost(addin: Addin, metadataUrl = "functions.json", spent: (call: PaneCall) => void = () => {}): BuilderHost {
  const look = lookWith(addin.presentation);
  let catalogue: Promise<BuilderCatalogue> | undefined;
  // The rows, once the builder has asked for them (the engine loads them by family).
  let rows: readonly FunctionSpec[] = [];
  const helpUrls = new Map<string, string>();
  const load = async (): Promise<BuilderCatalogue> => {
    const [described, all] = await Promise.all([metadata(metadataUrl), addin.catalogue()]);
    rows = all;
    for (const [id, f] of described) if (f.helpUrl) helpUrls.set(id, f.helpUrl);
    const parameter = (fn: string, arg: string) => described.get(fn)?.parameters?.find((p) => p.name === arg)?.description ?? "";
    return describeCatalogue(rows, {
      groupTitles: addin.groupTitles,
      displayOptions: addin.displayOptions,
      summary: (fn) => SUMMARY.exec(described.get(fn.name)?.description ?? "")?.[0] ?? "",
      output: () => "",
      // Options share one parameter in functions.json (its line names them all): no help each.
      help: (fn, arg, option) => (option ? "" : parameter(fn.name, arg.name)),
      example: (fn) => {
        const call = readFormula(EXAMPLE.exec(described.get(fn.name)?.description ?? "")?.[1] ?? "");
        return call ? call.args.slice(0, fn.args.length).map(fieldText) : [];
      },
    });
  };
  const activeCell = () =>
    Excel.run(async (context) => {
      const cell = context.workbook.getActiveCell();
      cell.load("address, formulas");
      await context.sync();
      return { address: cell.address, formula: String(cell.formulas[0]?.[0] ?? "") };
    });
  return {
    prefix: "MDQ.",
    catalogue: () => (catalogue ??= load()),
    run: async (name, args, purpose) => {
      const answer = await answerOf(() => addin.runtime().run(name, args), {
        message: (e) => addin.messageOf(e, "excel"),
        age: addin.ageText,
        now: () => Date.now(),
      });
      spent({ purpose: purposeOf(args, purpose), requests: answer.requests, credits: answer.credits });
      return answer;
    },
    insert: (formula) =>
      Excel.run(async (context) => {
        context.workbook.getActiveCell().formulas = [[formula]];
        await context.sync();
      }),
    selected: sharedRead(activeCell),
    read: (reference) =>
      Excel.run(async (context) => {
        const bang = reference.lastIndexOf("!");
        const sheets = context.workbook.worksheets;
        const sheet = bang < 0 ? sheets.getActiveWorksheet() : sheets.getItem(reference.slice(0, bang).replace(/^'|'$/g, ""));
        const range = sheet.getRange(reference.slice(bang + 1));
        range.load("values");
        await context.sync();
        const values = range.values as Array<Array<string | number | boolean>>;
        return values.length === 1 && values[0].length === 1 ? values[0][0] : values;
      }),
    // One handler for every follower: each move is one Excel.run reading the cell, not one each.
    onSelectionChanged: sharedFollow(
      (tell) =>
        void Excel.run(async (context) => {
          // A read of its own: one already in flight may have read the cell this move left.
          context.workbook.onSelectionChanged.add(async () => tell(await activeCell().catch(() => undefined)));
          await context.sync();
        }).catch(() => undefined),
    ),
    referenceUrl: (name) => helpUrls.get(name),
    cellText: (fn, value, labels, format) => {
      // A number this Excel takes with its format (a typed number: number-formats.ts; a date: dates.ts)
      // shows in it; an Excel without data types has the formats beside the cells (RunAnswer.formats).
      const typed = value !== null && typeof value === "object" ? (value as { basicValue?: unknown; numberFormat?: string }) : undefined;
      return look(
        typed ? typed.basicValue : value,
        labels,
        rows.find((f) => f.name === fn),
        typed?.numberFormat ?? format,
      ).text;
    },
  };
}
