// The five figures of `npm run bench`, each measured in this run.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { CATALOGUE, decode, findFunction, functionNamed, prepare, present } from "../../shared";
import { createSandboxHandler } from "../../src/sandbox/server";
import { startSandboxWorker } from "../harness/workers";
import { cpuFromMemory, timeToAllValues } from "./all-values";
import type { AllValues } from "./all-values-rows";
import { measureColdStart } from "./cold-start";
import { EXCEL_BUNDLE, EXCEL_ENGINE, loadExcelCounted, loadSheets, SHEETS_BUNDLE } from "./hosts";
import { providerPass } from "./provider-style";
import { mark, sheetsCredits } from "./sheets-credits";
import { DISTINCT, formulas } from "./workbook";

const KEY = "demo";
const TODAY = "2025-06-18";

/** The sandbox behind a counter of upstream requests. */
async function countingSandbox() {
  const handle = createSandboxHandler({ apiKey: KEY, today: TODAY });
  const server = http.createServer((req, res) => {
    if (!handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

const argCount = (name: string) => findFunction(name)!.args.length;

/** Upstream requests and credits per pass, and a provider-style add-in's (one request per formula).
 *  The sandbox runs in a worker: Sheets' UrlFetchApp stand-in blocks this thread. */
export async function requestEconomy() {
  const server = await startSandboxWorker({ apiKey: KEY, today: TODAY });
  const workbook = formulas(argCount);
  try {
    let excelRequests = 0;
    const excel = loadExcelCounted(server.url, KEY, (url, init) => {
      excelRequests++;
      return fetch(url, init);
    });
    const excelPass = async () => {
      const before = { requests: excelRequests, credits: excel.counts().credits };
      const results = await Promise.allSettled(
        workbook.map(([name, args]) => excel.registered.get(name)!(...args, { onCanceled: undefined })),
      );
      return {
        requests: excelRequests - before.requests,
        credits: excel.counts().credits - before.credits,
        failed: results.filter((r) => r.status === "rejected").length,
      };
    };
    const sheets = loadSheets(server.url, KEY);
    const sheetsPass = () => {
      const before = mark(sheets.rec);
      const failed = workbook.filter(([name, args]) => sheets.errorOf(`MDQ_${name}`, ...args) !== undefined).length;
      return { requests: sheets.rec.requests.length - before.requests, credits: sheetsCredits(sheets.rec, before), failed };
    };
    // First: after the Sheets passes (which block this thread for seconds) the sandbox has closed
    // the connections Node's fetch keeps alive, and a request sent on one of them fails.
    const provider = await providerPass(server.url, workbook as Array<[string, unknown[]]>, KEY);
    const excel1 = await excelPass();
    const excel2 = await excelPass();
    const sheets1 = sheetsPass();
    const sheets2 = sheetsPass();
    return { formulas: workbook.length, distinct: DISTINCT.length, excel: [excel1, excel2], sheets: [sheets1, sheets2], provider };
  } finally {
    await server.close();
  }
}

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Milliseconds per call: warmed up first (JSON.parse is native and always warm; our code
 *  needs the JIT too, as it has after a sheet's first few recalculations), then the median of
 *  15 batches of at least 20 ms each. */
function timeMs(fn: () => unknown): number {
  const timedRound = (n: number) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  let n = 1;
  while (timedRound(n) < 20 && n < 1 << 20) n *= 2;
  timedRound(n); // warm-up at full size
  return median(Array.from({ length: 15 }, () => timedRound(n) / n));
}

/** The largest answer each function gives from the sandbox (maximum n, limit, window). */
const LARGEST: Array<[string, unknown[]]> = [
  ["FILINGS", ["", "", "", "n=30"]],
  ["NEWS", ["", "", "", "n=30"]],
  ["COMPANIES", ["banks", "market_cap"]],
  ["QUARTERLY", ["BBCA", 100]],
  ["SEGMENTS", ["TLKM"]],
  ["INDEX", ["ihsg", "2025-01-01", "2025-06-13"]],
  ["SGX_COMPANIES", ["financial-services"]],
  ["KLSE_REPORT", ["1155"]],
  ["KLSE_TOP", ["", "", "", "n_stock=10"]],
  ["MINING_COMPANIES", ["", "", 30]],
  ["MINERAL_COMPANIES", ["", "", 30]],
  ["MINING_COMPANY", [1]],
  ["MINING_FINANCIALS", ["ITMG"]],
  ["MINING_PERFORMANCE", [1]],
  ["MINING_LICENSES", ["", "", "", 30]],
  ["MINING_SITES", ["", "", "", "", 30]],
  ["GLOBAL_COMMODITY", ["Coal", "", "limit=30"]],
  ["SALES_DESTINATION", ["ITMG"]],
  ["LIST", ["tags"]],
  ["GET", ["v1/subsectors/"]],
];

/** A 10,000-row answer of the widest record (quarterly statements, bank metrics included). */
function tenThousandQuarters(sample: unknown[]): string {
  return JSON.stringify(
    Array.from({ length: 10_000 }, (_, i) => ({ ...(sample[i % sample.length] as object), date: `${2000 + (i % 25)}-03-31` })),
  );
}

export async function clientOverhead() {
  const server = await countingSandbox();
  const settings = { baseUrl: server.url, apiKey: KEY };
  const rows: Array<{ name: string; bytes: number; parseMs: number; renderMs: number; ratio: number }> = [];
  const measure = (label: string, args: unknown[], body: string, name = label) => {
    const call = prepare(functionNamed(name), args as never, settings);
    const parseMs = timeMs(() => JSON.parse(body));
    const json = JSON.parse(body);
    const renderMs = timeMs(() =>
      present(call.endpoint.layout(decode(call.endpoint.response, json, call.fn.name, call.edition), call.values), call.display),
    );
    rows.push({ name: label, bytes: body.length, parseMs, renderMs, ratio: renderMs / parseMs });
  };
  try {
    for (const [name, args] of LARGEST) {
      const call = prepare(functionNamed(name), args as never, settings);
      const body = await (await fetch(call.request.url, { headers: call.request.headers })).text();
      measure(name, args, body);
    }
    const quarters = await (
      await fetch(prepare(functionNamed("QUARTERLY"), ["BBRI", 100], settings).request.url, { headers: { Authorization: KEY } })
    ).json();
    measure("QUARTERLY, 10,000 rows", ["BBRI"], tenThousandQuarters(quarters), "QUARTERLY");
    return rows;
  } finally {
    await server.close();
  }
}

export function bundleSizes() {
  const size = (path: string) => {
    const text = readFileSync(path);
    return { path, bytes: text.length, gzip: gzipSync(text).length };
  };
  return [size(EXCEL_BUNDLE), size(SHEETS_BUNDLE), size(EXCEL_ENGINE)];
}

/** Figure 3: each family's rows (rows-<family>.js beside the engine, loaded at its first call). */
export function rowScriptSizes() {
  const folder = dirname(EXCEL_ENGINE);
  return readdirSync(folder)
    .filter((file) => /^rows-[a-z]+\.js$/.test(file))
    .map((file) => {
      const text = readFileSync(join(folder, file));
      return { file, bytes: text.length, gzip: gzipSync(text).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** Figure 4: cold start in a fresh Chromium context and a fresh Node process, beside the anchor
 *  (an add-in of the provider's kind); see cold-start.ts. */
export const coldStart = (runs = 15) => measureColdStart(CATALOGUE.length, runs);

/** Figure 16: what users feel, in real Chromium, MDQ beside a plain add-in (all-values.ts). */
export async function allValues(): Promise<AllValues> {
  const time = [...(await timeToAllValues("HTTP/1.1")), ...(await timeToAllValues("HTTP/2"))];
  return { time, cpu: await cpuFromMemory() };
}
