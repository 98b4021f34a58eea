// First recalculation of a workbook, MDQ beside a provider-style add-in, against the same slow
// service: the sandbox answering every request after 100 ms (in a worker thread). MDQ is the
// built Excel bundle with its default settings, freshly loaded (nothing cached); the
// provider-style add-in is what such add-ins do: one plain fetch per cell, parsed and turned into
// rows, no cache, no sharing, no cap. And the same bundle against a service answering in 1 s:
// 300 distinct formulas, the cells that fail.
import { type CellValue, findFunction, functionNamed, prepare } from "../../shared";
import { DEFAULT_CONCURRENCY } from "../../src/excel/settings";
import { startSlowSandboxWorker } from "../harness/workers";
import { loadExcel } from "./hosts";
import { DISTINCT, formulas } from "./workbook";

const KEY = "demo";
const TODAY = "2025-06-18";
/** Fresh runs of each add-in; the median is reported. */
const RUNS = 5;

const argCount = (name: string) => findFunction(name)!.args.length;

interface Pass {
  requests: number;
  ms: number;
  failed: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median pass by time (its requests and failures with it). */
const medianPass = (passes: Pass[]): Pass => passes.find((p) => p.ms === median(passes.map((q) => q.ms)))!;

/** Every formula at once through a freshly loaded MDQ bundle; requests counted at its fetch. */
async function mdqPass(url: string, workbook: Array<[string, unknown[]]>): Promise<Pass> {
  let requests = 0;
  const excel = loadExcel(url, KEY, (input, init) => {
    requests++;
    return fetch(input, init);
  });
  const started = performance.now();
  const results = await Promise.allSettled(workbook.map(([name, args]) => excel.get(name)!(...args, { onCanceled: undefined })));
  const ms = performance.now() - started;
  return { requests, ms, failed: results.filter((r) => r.status === "rejected").length };
}

/** Rows of a JSON answer, as a simple add-in shows it: a list's records, or a record's fields. */
function rowsOf(json: unknown): unknown[][] {
  if (Array.isArray(json)) return json.map((r) => (r !== null && typeof r === "object" ? Object.values(r) : [r]));
  return json !== null && typeof json === "object" ? Object.entries(json) : [[json]];
}

/** One plain fetch per cell, of the very URL MDQ would ask for, with the key; all at once. */
async function providerPass(url: string, workbook: Array<[string, unknown[]]>): Promise<Pass> {
  const requests = workbook.map(([name, args]) => prepare(functionNamed(name), args as CellValue[], { baseUrl: url, apiKey: KEY }).request);
  const started = performance.now();
  const results = await Promise.allSettled(
    requests.map(async ({ url: address, headers }) => {
      const response = await fetch(address, { headers });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return rowsOf(await response.json());
    }),
  );
  const ms = performance.now() - started;
  return { requests: requests.length, ms, failed: results.filter((r) => r.status === "rejected").length };
}

/** 300 formulas over 60 distinct requests against a 100 ms service, each add-in RUNS times, alternating. */
export async function firstRecalculation() {
  const server = await startSlowSandboxWorker({ apiKey: KEY, today: TODAY, delayMs: 100 });
  const workbook = formulas(argCount) as Array<[string, unknown[]]>;
  try {
    await fetch(`${server.url}/v1/subsectors/`, { headers: { Authorization: KEY } }).then((r) => r.text()); // the worker warm
    const mdq: Pass[] = [];
    const provider: Pass[] = [];
    for (let run = 0; run < RUNS; run++) {
      provider.push(await providerPass(server.url, workbook));
      mdq.push(await mdqPass(server.url, workbook));
    }
    return {
      formulas: workbook.length,
      distinct: DISTINCT.length,
      runs: RUNS,
      concurrency: DEFAULT_CONCURRENCY,
      mdq: medianPass(mdq),
      provider: medianPass(provider),
    };
  } finally {
    await server.close();
  }
}

/** 300 distinct QUARTERLY formulas against a service answering in 1 s, through MDQ's defaults. */
export async function slowService() {
  const server = await startSlowSandboxWorker({ apiKey: KEY, today: TODAY, delayMs: 1000 });
  const workbook = ["BBCA", "BBRI", "TLKM"].flatMap((ticker) =>
    Array.from({ length: 100 }, (_, i): [string, unknown[]] => ["QUARTERLY", [ticker, i + 1, "", "", ""]]),
  );
  try {
    const pass = await mdqPass(server.url, workbook);
    return { formulas: workbook.length, ...pass };
  } finally {
    await server.close();
  }
}
