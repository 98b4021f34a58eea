// A financial model of 500 cells (10 companies x 50 quarterly fields, over several periods) against
// a 100 ms service, through a freshly loaded built Excel bundle: written with VALUE, one value per
// cell, beside the same model written as INDEX(MDQ.QUARTERLY(key, 24), row, column), a whole
// statement per cell that Excel's INDEX then reads one number of. Requests counted at the bundle's
// fetch; time from the first call until every cell settled; the median of RUNS alternating runs.
// The same model in Google Sheets (sheetsValueModel): every cell an execution with a fresh global
// scope, 30 at once, through the built Code.js (scripts/harness/executions.ts), counting URL fetches
// and the quarters they ask for and get back (the provider bills 1 credit a quarter returned).
import { DATASETS, datasetFields } from "../../shared";
import { type Cell, type Executions, type ServiceCosts, startExecutions } from "../harness/executions";
import { layModel } from "../harness/model-sheet";
import { startSandboxWorker, startSlowSandboxWorker } from "../harness/workers";
import { loadExcelCounted } from "./hosts";
import { providerPass } from "./provider-style";
import { mark, sheetsCredits } from "./sheets-credits";

const KEY = "demo";
const TODAY = "2025-06-18";
const RUNS = 3;
const COMPANIES = ["BBCA", "BBRI", "BMRI", "BBNI", "BRIS", "BBTN", "BNGA", "TLKM", "ASII", "UNVR"];
const FIELDS = datasetFields(DATASETS[0]).slice(0, 50);
const PERIODS = [-1, "2024Q4", "FY2024", -2, "2024-06-30", "LAST", "2023Q1"];

interface Pass {
  /** Each VALUE cell's number, or "error" (the INDEX model: none). */
  shown: Shown[];
  requests: number;
  /** What the provider bills for the answers, as the add-in counted them. */
  credits: number;
  ms: number;
  failed: number;
}

/** A cell as a reader compares it: its number (a 1 x 1 result's), or that it is an error. */
type Shown = number | string | "error";
const shownOf = (value: unknown): Shown => {
  const cell = Array.isArray(value) ? (value as unknown[][])[0]?.[0] : value;
  return typeof cell === "number" || typeof cell === "string" ? cell : JSON.stringify(cell);
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const medianPass = (passes: Pass[]): Pass => passes.find((p) => p.ms === median(passes.map((q) => q.ms))) as Pass;

/** Every cell at once, as Excel recalculates: VALUE cells, or the QUARTERLY table each INDEX reads. */
async function pass(url: string, way: "value" | "index"): Promise<Pass> {
  // The add-in's clock on the sandbox's demo day: the quarters a period needs are counted from it.
  const excel = loadExcelCounted(url, KEY, fetch, TODAY);
  const started = performance.now();
  const results = await Promise.allSettled(
    excelCells(way).map(([name, args]) => excel.registered.get(name)!(...args, { onCanceled: undefined })),
  );
  const ms = performance.now() - started;
  // A VALUE cell of a field the company does not report is #N/A by design, not a failure.
  const failed = results.filter((r) => r.status === "rejected" && !/does not report/.test(String((r.reason as Error)?.message))).length;
  const shown = way === "value" ? results.map((r) => (r.status === "fulfilled" ? shownOf(r.value) : "error")) : [];
  return { ...excel.counts(), ms, failed, shown };
}

/** The model's cells as Excel calls them: VALUE cells, or the QUARTERLY table each INDEX reads. */
const excelCells = (way: "value" | "index") =>
  COMPANIES.flatMap((key) =>
    FIELDS.map((field, i): [string, unknown[]] =>
      way === "value" ? ["VALUE", [key, field, PERIODS[i % PERIODS.length], null]] : ["QUARTERLY", [key, 24, null, null, null]],
    ),
  );

export async function valueModel() {
  const server = await startSlowSandboxWorker({ apiKey: KEY, today: TODAY, delayMs: 100 });
  try {
    await fetch(`${server.url}/v1/subsectors/`, { headers: { Authorization: KEY } }).then((r) => r.text()); // the worker warm
    const value: Pass[] = [];
    const index: Pass[] = [];
    for (let run = 0; run < RUNS; run++) {
      index.push(await pass(server.url, "index"));
      value.push(await pass(server.url, "value"));
    }
    // The INDEX model with an add-in that fetches every cell's statement itself (the provider's).
    const provider = await providerPass(
      server.url,
      excelCells("index").map(([name, args]) => [name, args.slice(0, 2)]),
      KEY,
    );
    return {
      cells: COMPANIES.length * FIELDS.length,
      companies: COMPANIES.length,
      runs: RUNS,
      value: medianPass(value),
      index: medianPass(index),
      provider,
    };
  } finally {
    await server.close();
  }
}

/** Google's services as each setting charges them on the executions' clock: the service's time
 *  for a request, and each call to CacheService, the properties, the lock and a read of the sheet. */
export const SHEETS_SETTINGS: ReadonlyArray<{ latencyMs: number; costs: ServiceCosts }> = [
  { latencyMs: 100, costs: {} },
  { latencyMs: 100, costs: { cache: 10, properties: 10, lock: 10, sheet: 100 } },
  { latencyMs: 300, costs: { cache: 20, properties: 20, lock: 20, sheet: 200 } },
  { latencyMs: 300, costs: { cache: 50, properties: 50, lock: 50, sheet: 300 } },
];
/** The oldest quarter the model's cells name (PERIODS). */
const OLDEST_NAMED = "2023Q1";

interface SheetsPass {
  executions: number;
  /** UrlFetchApp requests (Google's daily quota counts each). */
  fetches: number;
  /** Distinct URLs among them: a fetch beyond these paid for an answer already fetched. */
  distinct: number;
  /** n_quarters summed over the requests. */
  quartersAsked: number;
  /** What the provider bills for the answers (1 a quarter returned). */
  credits: number;
  failed: number;
  /** Cells showing something other than Excel's cell (a number, or an error). */
  unlikeExcel: number;
  /** The longest execution and the whole recalculation, on the virtual clock (Sheets stops an
   *  execution at 30 s). */
  longestMs: number;
  recalculationMs: number;
}

/** Quarters since year 0: of a date (2025-03-31) or of a quarter (2023Q1). */
const quarterOfDate = (iso: string) => Number(iso.slice(0, 4)) * 4 + Math.ceil(Number(iso.slice(5, 7)) / 3);
const quarterOf = (text: string) => Number(text.slice(0, 4)) * 4 + Number(text.slice(5));

/** One recalculation of every cell, as Sheets runs it; what it fetched, and how its cells compare
 *  with Excel's (`excel`, in the company-by-company order of excelCells). */
async function sheetsPass(sheets: Executions, cells: Cell[], excel: readonly Shown[]): Promise<SheetsPass> {
  const before = { ...mark(sheets.rec), at: sheets.clock.now() };
  const outcomes = await sheets.run(cells);
  const requests = sheets.rec.requests.slice(before.requests);
  const excelOf = new Map(excelCells("value").map(([, [key, field]], i) => [`${key} ${field}`, excel[i]]));
  const shown = (o: { value?: unknown; error?: string }): Shown => (o.error !== undefined ? "error" : shownOf(o.value));
  return {
    executions: outcomes.length,
    fetches: requests.length,
    distinct: new Set(requests.map((r) => r.url)).size,
    quartersAsked: requests.reduce((n, r) => n + Number(new URL(r.url).searchParams.get("n_quarters") ?? 0), 0),
    credits: sheetsCredits(sheets.rec, before),
    failed: outcomes.filter((o) => o.error !== undefined && !/does not report/.test(o.error)).length,
    unlikeExcel: outcomes.filter((o, i) => shown(o) !== excelOf.get(`${cells[i][1][0]} ${cells[i][1][1]}`)).length,
    longestMs: Math.max(...outcomes.map((o) => o.endedAt - o.startedAt)),
    recalculationMs: sheets.clock.now() - before.at,
  };
}

/** Figure 13 in Google Sheets, under each setting of Google's latencies and in each order Sheets
 *  may start the cells in: the first recalculation (nothing cached); under the first setting, a
 *  Refresh all too (a new refresh value in every cell). Each cell compared with Excel's (`excel`:
 *  the VALUE pass's cells). */
export async function sheetsValueModel(excel: readonly Shown[], bundle?: string) {
  const server = await startSandboxWorker({ apiKey: KEY, today: TODAY });
  try {
    const measure = async (setting: (typeof SHEETS_SETTINGS)[number], order: "company" | "field", refresh: boolean) => {
      // The script's clock on the sandbox's demo day, as the add-in's.
      const sheets = startExecutions({ baseUrl: server.url, apiKey: KEY, ...setting, startsAt: Date.parse(`${TODAY}T03:00:00Z`), bundle });
      try {
        const model = { companies: COMPANIES, fields: FIELDS, periods: PERIODS };
        const first = await sheetsPass(sheets, layModel(sheets.rec, model, "1", order), excel);
        const latest = sheets.rec.bodies
          .flatMap((b) => JSON.parse(b) as Array<{ date?: string }>)
          .reduce((max, r) => (r.date && r.date > max ? r.date : max), "");
        // From the oldest quarter a cell names to the latest the statements hold.
        const named = quarterOfDate(latest) - quarterOf(OLDEST_NAMED) + 1;
        const again = refresh ? await sheetsPass(sheets, layModel(sheets.rec, model, "2", order), excel) : undefined;
        return { ...setting, order, first, refresh: again, quartersNamed: named, sheetReads: sheets.rec.sheetReads };
      } finally {
        await sheets.close();
      }
    };
    const runs = [];
    for (const [i, setting] of SHEETS_SETTINGS.entries())
      for (const order of ["company", "field"] as const) runs.push(await measure(setting, order, i === 0));
    return {
      cells: COMPANIES.length * FIELDS.length,
      companies: COMPANIES.length,
      atOnce: 30,
      quartersNamed: runs[0].quartersNamed,
      runs,
    };
  } finally {
    await server.close();
  }
}
