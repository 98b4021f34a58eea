// First recalculation of a workbook, MDQ beside a provider-style add-in, against the same slow
// service: the sandbox answering every request after 100 ms (in a worker thread). MDQ is the
// built Excel bundle with its default settings, freshly loaded (nothing cached); the
// provider-style add-in is what such add-ins do: one plain fetch per cell, parsed and turned into
// rows, no cache, no sharing, no cap. And the same bundle against a service answering in 1 s:
// 300 distinct formulas, the cells that fail.
import { findFunction } from "../../shared";
import { DEFAULT_CONCURRENCY } from "../../src/excel/settings";
import { startSlowSandboxWorker } from "../harness/workers";
import { loadExcelCounted } from "./hosts";
import { providerPass } from "./provider-style";
import { DISTINCT, formulas } from "./workbook";

const KEY = "demo";
const TODAY = "2025-06-18";
/** Fresh runs of each add-in; the median is reported. */
const RUNS = 5;

const argCount = (name: string) => findFunction(name)!.args.length;

interface Pass {
  requests: number;
  /** What the provider bills for the answers (MDQ: its runtime's own count, as the task pane shows it). */
  credits: number;
  ms: number;
  failed: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median pass by time (its requests and failures with it). */
const medianPass = (passes: Pass[]): Pass => passes.find((p) => p.ms === median(passes.map((q) => q.ms)))!;

/** Every formula at once through a freshly loaded MDQ bundle; requests counted at its fetch, credits by its runtime. */
async function mdqPass(url: string, workbook: Array<[string, unknown[]]>): Promise<Pass> {
  let requests = 0;
  const excel = loadExcelCounted(url, KEY, (input, init) => {
    requests++;
    return fetch(input, init);
  });
  const started = performance.now();
  const results = await Promise.allSettled(workbook.map(([name, args]) => excel.registered.get(name)!(...args, { onCanceled: undefined })));
  const ms = performance.now() - started;
  return { requests, credits: excel.counts().credits, ms, failed: results.filter((r) => r.status === "rejected").length };
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
      provider.push(await providerPass(server.url, workbook, KEY));
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
