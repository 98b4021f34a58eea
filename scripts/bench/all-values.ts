// Figure 16, what users feel, in real Chromium, MDQ beside the plain add-in (plain-addin.ts: one
// fetch, one JSON.parse and one 2-D array per formula, no cache) on the same page set-up
// (addin-page.ts), runs alternating so that both share the machine's load:
//  - time to all values: figure 15's workbooks, every formula at once, against the sandbox behind a
//    front adding 100 ms to every answer, over HTTP/1.1 (Chromium's 6 connections) and HTTP/2;
//  - CPU per formula with every answer from memory (the page's fetch answered from a Map filled
//    before the clock starts), first and second recalculation.
// The scripts' bytes (before registration, the engine's) are figure 3's.
import type { Browser } from "playwright-core";
import { findFunction } from "../../shared";
import { LOOPBACK_ONLY, launchChromium } from "../harness/chromium";
import {
  type Addin,
  DIST_EXCEL,
  FLOOR_PAGE,
  giveWorkbook,
  openAddin,
  PLAIN_PAGE,
  parameterCounts,
  type Recalculation,
  type Recorded,
  recalculate,
} from "./addin-page";
import { type Front, latency, startFront } from "./latency-front";
import { plainAddinScript, plainUrls } from "./plain-addin";
import { makeCertificate, trustFlag } from "./run-certificate";
import { scaledFormulas } from "./workbook";

const KEY = "demo";
const TODAY = "2025-06-18";
export const LATENCY_MS = 100;
export const TIME_SCALES = [300, 2000, 10_000];
export const CPU_SCALES = [2000, 10_000];
export type Protocol = "HTTP/1.1" | "HTTP/2";
/** Runs of each add-in per scale (10,000 formulas over HTTP/1.1 take the plain add-in minutes: one). */
export const timeRuns = (formulas: number) => (formulas >= 10_000 ? 1 : 3);
export const CPU_RUNS = 5;
/** Page time after a pass that still counts in its CPU: the store's write-through runs after the values. */
export const SETTLE_MS = 500;

type Formulas = Array<[string, unknown[]]>;
const workbookOf = (formulas: number) => scaledFormulas(formulas, (name) => findFunction(name)!.args.length) as Formulas;

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** The run of median `by` among `runs`. */
const medianRun = <T>(runs: T[], by: (r: T) => number) => [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)];

/** The front (dist/excel whole, and the plain add-in's page) and a browser that reaches it. */
async function site(protocol: Protocol, hold: ReturnType<typeof latency>) {
  const certificate = protocol === "HTTP/2" ? makeCertificate() : undefined;
  const pages = {
    "/plain.html": PLAIN_PAGE,
    "/plain-addin.js": plainAddinScript(),
    "/floor.html": FLOOR_PAGE,
    "/floor-addin.js": plainAddinScript({ shared: true }),
  };
  const front = await startFront({ root: DIST_EXCEL, pages, apiKey: KEY, today: TODAY, hold: hold.hold, certificate }, hold.clear);
  const browser = await launchChromium(certificate ? [LOOPBACK_ONLY, trustFlag(certificate)] : [LOOPBACK_ONLY]);
  return { front, browser, close: () => browser.close().then(() => front.close()) };
}

/** The protocol a page's navigation entry names. */
const NEXT_HOP: Record<Protocol, string> = { "HTTP/1.1": "http/1.1", "HTTP/2": "h2" };

/** `addin`'s page in a fresh context, over `protocol` (checked), its workbook handed over. */
async function loaded(browser: Browser, front: Front, protocol: Protocol, addin: Addin, workbook: Formulas, memory = false) {
  const open = await openAddin(browser, front.url, addin, KEY, memory);
  if (open.protocol !== NEXT_HOP[protocol]) {
    await open.context.close();
    throw new Error(`${addin}'s page came over ${open.protocol}, not ${protocol}`);
  }
  const parameters = parameterCounts();
  await giveWorkbook(open.page, workbook, parameters, addin === "mdq" ? {} : plainUrls(workbook, parameters, front.url, KEY));
  return open;
}

/** One recalculation of `workbook` in a fresh context of `addin`'s page. */
async function freshRecalculation(browser: Browser, front: Front, protocol: Protocol, addin: Addin, workbook: Formulas) {
  const open = await loaded(browser, front, protocol, addin, workbook);
  try {
    return await recalculate(open);
  } finally {
    await open.context.close();
  }
}

export interface TimeRow {
  protocol: Protocol;
  formulas: number;
  runs: number;
  mdq: Recalculation;
  plain: Recalculation;
  /** The floor of sharing (plain-addin.ts `shared`): the distinct requests alone, over the same network. */
  floor: Recalculation;
  ratio: number;
  floorRatio: number;
}

/** Time to all values at each scale over `protocol`, the run of median time of each add-in. */
export async function timeToAllValues(protocol: Protocol, scales = TIME_SCALES): Promise<TimeRow[]> {
  const { front, browser, close } = await site(protocol, latency(LATENCY_MS));
  try {
    // Not counted: the browser's first pages start its processes.
    await freshRecalculation(browser, front, protocol, "plain", workbookOf(300).slice(0, 5));
    await freshRecalculation(browser, front, protocol, "mdq", workbookOf(300).slice(0, 5));
    const rows: TimeRow[] = [];
    for (const formulas of scales) {
      const workbook = workbookOf(formulas);
      front.warm(Object.values(plainUrls(workbook, parameterCounts(), front.url, KEY)));
      const runs: Record<Addin, Recalculation[]> = { mdq: [], plain: [], floor: [] };
      for (let i = 0; i < timeRuns(formulas); i++) {
        for (const addin of ["plain", "floor", "mdq"] as const)
          runs[addin].push(await freshRecalculation(browser, front, protocol, addin, workbook));
      }
      const [mdq, plain, floor] = (["mdq", "plain", "floor"] as const).map((addin) => medianRun(runs[addin], (r) => r.ms));
      rows.push({
        protocol,
        formulas,
        runs: timeRuns(formulas),
        mdq,
        plain,
        floor,
        ratio: mdq.ms / plain.ms,
        floorRatio: floor.ms / plain.ms,
      });
    }
    return rows;
  } finally {
    await close();
  }
}

/** Every answer `addin` asks for over `workbook`, recorded by its page (the front answering at once). */
async function recordAnswers(browser: Browser, front: Front, addin: Addin, workbook: Formulas) {
  const open = await loaded(browser, front, "HTTP/1.1", addin, workbook, true);
  try {
    await open.page.evaluate(() => Object.assign(window, { __recorded: [] }));
    const pass = await recalculate(open);
    if (pass.failed) throw new Error(`${addin} failed ${pass.failed} formulas while recording: ${pass.firstError}`);
    return await open.page.evaluate(() => (window as unknown as { __recorded: Array<[string, Recorded]> }).__recorded);
  } finally {
    await open.context.close();
  }
}

/** The requirement sets of an Excel that takes dates and formatted numbers as values (Excel 365):
 *  MDQ's dates and typed numbers are then objects with a number format, which the stand-in's
 *  default (none) leaves out. */
export const DATA_TYPES = { CustomFunctionsRuntime: "1.4", ExcelApi: "1.19" };

/** First and second recalculation of `workbook` in a fresh context, every answer from `answers`;
 *  office.js says it supports `requirementSets`. */
async function fromMemory(browser: Browser, front: Front, addin: Addin, workbook: Formulas, answers: unknown, requirementSets = {}) {
  const open = await loaded(browser, front, "HTTP/1.1", addin, workbook, true);
  try {
    await open.page.evaluate(
      ([answers, sets]) => {
        const page = window as unknown as { __mdq: { requirementSets: object } };
        if (Object.keys(sets).length > 0) page.__mdq.requirementSets = sets;
        Object.assign(window, { __answers: new Map(answers as Array<[string, Recorded]>) });
      },
      [answers, requirementSets] as const,
    );
    const first = await recalculate(open, SETTLE_MS);
    const second = await recalculate(open, SETTLE_MS);
    return { first, second };
  } finally {
    await open.context.close();
  }
}

export interface CpuPass {
  /** Median CPU per formula, µs. */
  us: number;
  /** Median task time per formula, µs (Recalculation.taskMs). */
  taskUs: number;
  failed: number;
  firstError?: string;
}

export interface CpuRow {
  formulas: number;
  runs: number;
  mdq: { first: CpuPass; second: CpuPass };
  plain: { first: CpuPass; second: CpuPass };
  /** The floor of sharing per distinct request (plain-addin.ts `shared`): what no design goes under. */
  floor: { first: CpuPass; second: CpuPass };
  /** MDQ on an Excel with data types (DATA_TYPES); the plain add-in shows the same either way. */
  typed: { first: CpuPass; second: CpuPass };
  ratio: { first: number; second: number; floor: number; typed: number };
}

/** Per-formula CPU with the answers from memory, CPU_RUNS interleaved fresh contexts of each add-in. */
export async function cpuFromMemory(scales = CPU_SCALES, runs = CPU_RUNS): Promise<CpuRow[]> {
  const { front, browser, close } = await site("HTTP/1.1", { hold: (release) => release(), clear: () => {} });
  try {
    const rows: CpuRow[] = [];
    for (const formulas of scales) {
      const workbook = workbookOf(formulas);
      front.warm(Object.values(plainUrls(workbook, parameterCounts(), front.url, KEY)));
      const plainAnswers = await recordAnswers(browser, front, "plain", workbook);
      // The floor asks the plain add-in's URLs, each once: the same answers.
      const answers: Record<Addin, unknown> = {
        mdq: await recordAnswers(browser, front, "mdq", workbook),
        plain: plainAnswers,
        floor: plainAnswers,
      };
      type Passes = Array<{ first: Recalculation; second: Recalculation }>;
      const passes: Record<Addin | "typed", Passes> = { mdq: [], plain: [], floor: [], typed: [] };
      for (let i = 0; i < runs; i++) {
        for (const addin of ["plain", "floor", "mdq"] as const)
          passes[addin].push(await fromMemory(browser, front, addin, workbook, answers[addin]));
        passes.typed.push(await fromMemory(browser, front, "mdq", workbook, answers.mdq, DATA_TYPES));
      }
      const summary = (list: Recalculation[]): CpuPass => ({
        us: (median(list.map((p) => p.cpuMs)) * 1000) / formulas,
        taskUs: (median(list.map((p) => p.taskMs)) * 1000) / formulas,
        failed: Math.max(...list.map((p) => p.failed)),
        firstError: list.find((p) => p.firstError)?.firstError,
      });
      const of = (addin: Addin | "typed") => ({
        first: summary(passes[addin].map((p) => p.first)),
        second: summary(passes[addin].map((p) => p.second)),
      });
      const [mdq, plain, floor, typed] = [of("mdq"), of("plain"), of("floor"), of("typed")];
      const ratio = {
        first: mdq.first.us / plain.first.us,
        second: mdq.second.us / plain.second.us,
        floor: floor.first.us / plain.first.us,
        typed: typed.first.us / plain.first.us,
      };
      rows.push({ formulas, runs, mdq, plain, floor, typed, ratio });
    }
    return rows;
  } finally {
    await close();
  }
}
