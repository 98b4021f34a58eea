// A financial model of 500 cells (10 companies x 50 quarterly fields, over several periods) against
// a 100 ms service, through a freshly loaded built Excel bundle: written with VALUE, one value per
// cell, beside the same model written as INDEX(MDQ.QUARTERLY(key, 24), row, column), a whole
// statement per cell that Excel's INDEX then reads one number of. Requests counted at the bundle's
// fetch; time from the first call until every cell settled; the median of RUNS alternating runs.
import { DATASETS, datasetFields } from "../../shared";
import { startSlowSandboxWorker } from "../harness/workers";
import { loadExcel } from "./hosts";

const KEY = "demo";
const TODAY = "2025-06-18";
const RUNS = 3;
const COMPANIES = ["BBCA", "BBRI", "BMRI", "BBNI", "BRIS", "BBTN", "BNGA", "TLKM", "ASII", "UNVR"];
const FIELDS = datasetFields(DATASETS[0]).slice(0, 50);
const PERIODS = [-1, "2024Q4", "FY2024", -2, "2024-06-30", "LAST", "2023Q1"];

interface Pass {
  requests: number;
  ms: number;
  failed: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const medianPass = (passes: Pass[]): Pass => passes.find((p) => p.ms === median(passes.map((q) => q.ms))) as Pass;

/** Every cell at once, as Excel recalculates: VALUE cells, or the QUARTERLY table each INDEX reads. */
async function pass(url: string, way: "value" | "index"): Promise<Pass> {
  let requests = 0;
  const excel = loadExcel(url, KEY, (input, init) => {
    requests++;
    return fetch(input, init);
  });
  const cells = COMPANIES.flatMap((key) =>
    FIELDS.map((field, i): [string, unknown[]] =>
      way === "value" ? ["VALUE", [key, field, PERIODS[i % PERIODS.length], null]] : ["QUARTERLY", [key, 24, null, null, null]],
    ),
  );
  const started = performance.now();
  const results = await Promise.allSettled(cells.map(([name, args]) => excel.get(name)!(...args, { onCanceled: undefined })));
  const ms = performance.now() - started;
  // A VALUE cell of a field the company does not report is #N/A by design, not a failure.
  const failed = results.filter((r) => r.status === "rejected" && !/does not report/.test(String((r.reason as Error)?.message))).length;
  return { requests, ms, failed };
}

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
    return {
      cells: COMPANIES.length * FIELDS.length,
      companies: COMPANIES.length,
      runs: RUNS,
      value: medianPass(value),
      index: medianPass(index),
    };
  } finally {
    await server.close();
  }
}
