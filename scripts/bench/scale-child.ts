// One add-in over one workbook in a process of its own, so that the CPU time and peak memory it
// reports are that add-in's alone (the sandbox runs in the parent): MDQ (the built Excel bundle,
// freshly loaded) recalculating the workbook twice, then reopened (a new bundle context whose
// runtime reads the first's stored answers, as the page's IndexedDB holds them), or the
// provider-style add-in recalculating it twice.
import { type CellValue, findFunction, functionNamed, prepare } from "../../shared";
import type { StoredAnswer } from "../../src/excel/answer-store";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { invocation, standIns } from "../../src/excel/stand-ins";
import { mapStore } from "../harness/map-store";
import { excelBundleIn } from "./hosts";
import { providerPass, rowsOf } from "./provider-style";
import { scaledFormulas } from "./workbook";

export interface ScaleJob {
  baseUrl: string;
  apiKey: string;
  formulas: number;
  addin: "mdq" | "provider";
  /** MDQ only: just what its own work costs, beside the plain add-in's own JavaScript (both with
   *  every answer from memory), without the passes over the network. */
  memoryOnly?: boolean;
}

export interface ScalePass {
  requests: number;
  credits: number;
  ms: number;
  cpuMs: number;
  failed: number;
}

export interface ScaleReport {
  first: ScalePass;
  second: ScalePass;
  /** MDQ only: the workbook reopened over the stored answers. */
  reopen?: ScalePass;
  /** MDQ only: a first recalculation with the network taken out (every answer served from memory
   *  at once), what MDQ's own work costs. */
  offline?: ScalePass;
  /** MDQ only: the second recalculation of that same session (every answer in its cache). */
  offlineSecond?: ScalePass;
  /** MDQ only: the plain add-in's own JavaScript over the same answers from memory (one parse and
   *  one 2-D array per formula, nothing cached or shared), the anchor of the two passes above. */
  plainFromMemory?: ScalePass;
  peakKb: number;
}

type Cell = (...args: unknown[]) => Promise<unknown>;
type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** An answer as it came, to be served again from memory. */
interface Recorded {
  body: string;
  status: number;
  headers: Array<[string, string]>;
}

/** Fetch recording each answer by URL (outside any measured pass: it reads every body twice). */
const recordingInto =
  (answers: Map<string, Recorded>): Fetch =>
  async (url, init) => {
    const response = await fetch(url, init);
    answers.set(url, { body: await response.clone().text(), status: response.status, headers: [...response.headers] });
    return response;
  };

/** Fetch answering from `answers` at once, as a network that costs nothing would. */
const fromMemory =
  (answers: Map<string, Recorded>): Fetch =>
  async (url) => {
    const answer = answers.get(url);
    if (!answer) throw new TypeError(`fetch failed: ${url} was not recorded`);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };

/** The bundle in a fresh context, its runtime keeping answers in `store` (the records the page's
 *  IndexedDB would hold, here in a Map that outlives the context). */
function loadMdq(job: ScaleJob, store: Map<string, StoredAnswer>, network: Fetch = fetch) {
  let requests = 0;
  const stand = standIns({ [STORAGE_KEYS.baseUrl]: job.baseUrl, [STORAGE_KEYS.apiKey]: job.apiKey });
  const counting = (url: string, init: RequestInit) => {
    requests++;
    return network(url, init);
  };
  const context = excelBundleIn(stand.globals, counting);
  type Runtime = { stats(): { credits: number } };
  const addin = context.MDQ_ADDIN as { createRuntime(deps: unknown): Runtime; useRuntime(rt: Runtime): Runtime };
  const runtime = addin.useRuntime(
    addin.createRuntime({
      fetch: counting,
      storage: stand.storage,
      store: mapStore(store),
    }),
  );
  return { registered: stand.registered as Map<string, Cell>, runtime, requests: () => requests };
}

async function mdqPass(loaded: ReturnType<typeof loadMdq>, workbook: Array<[string, unknown[]]>): Promise<ScalePass> {
  const before = { requests: loaded.requests(), credits: loaded.runtime.stats().credits as number };
  const started = performance.now();
  const cpu = process.cpuUsage();
  const results = await Promise.allSettled(
    workbook.map(([name, args]) => {
      const fn = loaded.registered.get(name)!;
      return fn(...args, ...new Array(Math.max(0, fn.length - 1 - args.length)).fill(null), invocation());
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    requests: loaded.requests() - before.requests,
    credits: loaded.runtime.stats().credits - before.credits,
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    failed: results.filter((r) => r.status === "rejected").length,
  };
}

/** A plain add-in's own JavaScript: per formula its request built, its answer (from memory at once)
 *  parsed and turned into a 2-D array, nothing cached or shared (the browser's own queueing of
 *  connections is not the add-in's JavaScript, so none here). */
async function plainPass(job: ScaleJob, workbook: Array<[string, unknown[]]>, network: Fetch): Promise<ScalePass> {
  const settings = { baseUrl: job.baseUrl, apiKey: job.apiKey };
  const started = performance.now();
  const cpu = process.cpuUsage();
  const results = await Promise.allSettled(
    workbook.map(async ([name, args]) => {
      const { request } = prepare(functionNamed(name), args as CellValue[], settings);
      const response = await network(request.url, { headers: request.headers });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return rowsOf(await response.json());
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    requests: workbook.length,
    credits: 0,
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    failed: results.filter((r) => r.status === "rejected").length,
  };
}

/** MDQ with every answer from memory (first and second recalculation of one session) and the plain
 *  add-in's JavaScript over the same answers, after a pass over the network that records them. */
async function fromMemoryPasses(job: ScaleJob, workbook: Array<[string, unknown[]]>) {
  const answers = new Map<string, Recorded>();
  await mdqPass(loadMdq(job, new Map(), recordingInto(answers)), workbook);
  const plainFromMemory = await plainPass(job, workbook, fromMemory(answers));
  const session = loadMdq(job, new Map(), fromMemory(answers));
  const offline = await mdqPass(session, workbook);
  const offlineSecond = await mdqPass(session, workbook);
  return { offline, offlineSecond, plainFromMemory };
}

async function main() {
  const job = JSON.parse(process.env.MDQ_BENCH_SCALE ?? "") as ScaleJob;
  const workbook = scaledFormulas(job.formulas, (name) => findFunction(name)!.args.length) as Array<[string, unknown[]]>;
  let report: ScaleReport;
  if (job.addin === "provider") {
    const pass = async () => {
      const p = await providerPass(job.baseUrl, workbook, job.apiKey);
      return { requests: p.requests, credits: p.credits, ms: p.ms, cpuMs: p.cpuMs, failed: p.failed };
    };
    const first = await pass();
    const second = await pass();
    report = { first, second, peakKb: process.resourceUsage().maxRSS };
  } else if (job.memoryOnly) {
    const passes = await fromMemoryPasses(job, workbook);
    report = { first: passes.offline, second: passes.offlineSecond, ...passes, peakKb: process.resourceUsage().maxRSS };
  } else {
    const store = new Map<string, StoredAnswer>();
    const session = loadMdq(job, store);
    const first = await mdqPass(session, workbook);
    const second = await mdqPass(session, workbook);
    const reopen = await mdqPass(loadMdq(job, store), workbook);
    // The peak of the sessions above: the passes below keep every answer's text besides.
    const peakKb = process.resourceUsage().maxRSS;
    report = { first, second, reopen, ...(await fromMemoryPasses(job, workbook)), peakKb };
  }
  process.stdout.write(JSON.stringify(report));
}

main().catch((e) => {
  process.stderr.write(String(e?.stack ?? e));
  process.exit(1);
});
