// One VALUE call through the three front ends (the built mdq command, the built Excel bundle, the
// built Apps Script bundle), each on the live edition of the edge-filings stand-in with its clock
// at the stand-in's day, for the tests of how VALUE reads real filings' edges (value-edges*.test.ts).
// Each front end starts with nothing cached, so each answer is its own reading of the rows.
import { EDGE_KEY, EDGE_TODAY } from "../../scripts/harness/edge-filings-data";
import { type EdgeFilingsWorker, startEdgeFilingsWorker } from "../../scripts/harness/edge-filings-worker";
import { loadScript, plain } from "../../scripts/harness/load-sheets";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { loadBundle } from "../excel/load-bundle";
import { dateFrom } from "../moving-date";
import { mdqAt } from "./mdq-at";

/** A front end's answer: the cells it shows, or its error's message without the front end's own
 *  prefix ("MDQ error: " on the command line, "MDQ: " in a cell), and that prefix kept apart. */
export type Answer = { cells: unknown[][] } | { error: string; prefix: string };

export interface Everywhere {
  cli: Answer;
  excel: Answer;
  sheets: Answer;
}

const PREFIX = /^(MDQ error: |MDQ: )/;
const errorOf = (message: string): Answer => {
  const text = message.trim();
  const prefix = PREFIX.exec(text)?.[1] ?? "";
  return { error: text.slice(prefix.length), prefix };
};

export interface EdgeRun {
  server: EdgeFilingsWorker;
  /** The call with `args` (key, field, period, options) through the three front ends. */
  everywhere(...args: string[]): Promise<Everywhere>;
  /** The built command alone, on the stand-in (extra flags such as --verbose after the call). */
  cli(args: string[]): ReturnType<typeof mdqAt>;
}

/** Starts the stand-in on `today` (EDGE_TODAY by default) with every front end's clock there. */
export async function edgeRun(today = EDGE_TODAY): Promise<EdgeRun> {
  const server = await startEdgeFilingsWorker({ today, latencyMs: 0 });
  // Noon UTC: the same day wherever a front end reads its date (Sheets in Jakarta's time zone).
  const now = `${today}T12:00:00Z`;
  const cli = (args: string[]) => mdqAt(now, [...args, "--base-url", server.url, "--api-key", EDGE_KEY], { MDQ_EDITION: "live" });

  async function everywhere(...args: string[]): Promise<Everywhere> {
    const command = await cli(["VALUE", ...args]);
    const viaCli: Answer = command.code === 0 ? { cells: command.out as unknown[][] } : errorOf(command.stderr);
    const excel = await loadBundle(server.url, {
      apiKey: EDGE_KEY,
      stored: { [STORAGE_KEYS.edition]: "live" },
      globals: { Date: dateFrom(now) },
    })
      .call("VALUE", ...args)
      .then(
        (cells): Answer => ({ cells }),
        (e: { message?: string }) => errorOf(e.message ?? String(e)),
      );
    const script = loadScript({ baseUrl: server.url, apiKey: EDGE_KEY, edition: "live", virtualTime: true, startsAt: Date.parse(now) });
    let sheets: Answer;
    try {
      sheets = { cells: plain(script.ctx.MDQ_VALUE(...args)) as unknown[][] };
    } catch (e) {
      sheets = errorOf((e as Error).message);
    }
    return { cli: viaCli, excel, sheets };
  }

  return { server, everywhere, cli };
}

/** An answer as the tests compare it: a single cell's value, a grid's cells (a blank cell is "",
 *  as Excel and Sheets show it; the command prints null), or `{ error }` without the prefix. */
function view(answer: Answer): unknown {
  if ("error" in answer) return { error: answer.error };
  const { cells } = answer;
  if (cells.length === 1 && cells[0].length === 1) return cells[0][0];
  return cells.map((row) => row.map((cell) => (cell === null ? "" : cell)));
}

/** What the three front ends show, which must be one and the same (it fails otherwise). */
export function shown(got: Everywhere): unknown {
  const [cli, excel, sheets] = [got.cli, got.excel, got.sheets].map(view);
  expect({ excel, sheets }).toEqual({ excel: cli, sheets: cli });
  return cli;
}
