// The figures of hostile answers: the Excel runtime's peak memory for the largest answer it
// accepts and for answers it refuses, and the requests 50 distinct cells send under a 429 storm.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_ANSWER_MB } from "../../shared";
import { startFaultServer } from "../harness/fault-server";
import { loadExcel } from "./hosts";
import { childScript, inChild } from "./in-child";

const KEY = "demo";
const MB = 1024 * 1024;

/** Statement-like records, as many as fit in `bytes` of JSON. */
function recordsBody(bytes: number): { body: string; rows: number } {
  const row = (i: number) =>
    JSON.stringify({
      symbol: `T${String(i % 900).padStart(3, "0")}`,
      date: `${2000 + (i % 25)}-${String(1 + (i % 12)).padStart(2, "0")}-28`,
      revenue: 1_000_000 + i * 37,
      gross_profit: 400_000 + i * 11,
      operating_income: 250_000 + i * 7,
      net_income: 150_000 + i * 5,
      total_assets: 9_000_000 + i * 91,
      total_equity: 3_000_000 + i * 29,
      eps: (i % 997) / 10,
      pe: (i % 311) / 7,
    });
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; size + row(i).length + 1 < bytes; i++) {
    parts.push(row(i));
    size += row(i).length + 1;
  }
  return { body: `[${parts.join(",")}]`, rows: parts.length };
}

async function serve(body: string) {
  const server = http.createServer((_, res) => res.writeHead(200, { "Content-Type": "application/json" }).end(body));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

const child = childScript("excel-child.ts");
/** One call in a fresh process; resolves with its idle and peak resident memory. */
const called = (baseUrl: string, call: [string, ...unknown[]]) =>
  inChild<{ idleKb: number; peakKb: number; outcome: string }>(child(), "MDQ_BENCH_CALL", { baseUrl, apiKey: KEY, call });

export async function answerMemory() {
  // The largest answer read (just under the answer limit) makes a result past Excel's 5 MB; the
  // largest result Excel takes comes from an answer of about 11 MB of these records.
  const largest = recordsBody(DEFAULT_ANSWER_MB * MB - 64 * 1024);
  const fits = recordsBody(11 * MB);
  const [big, fitting, faults] = await Promise.all([serve(largest.body), serve(fits.body), startFaultServer()]);
  try {
    const cases: Array<[string, string, [string, ...unknown[]]]> = [
      [`largest answer read (${(largest.body.length / MB).toFixed(1)} MB, ${largest.rows} records)`, big.url, ["GET", "v1/records/"]],
      [`an answer whose result fits (${(fits.body.length / MB).toFixed(1)} MB, ${fits.rows} records)`, fitting.url, ["GET", "v1/records/"]],
      ["200 MB body, no length", `${faults.url}/huge-body`, ["INDEX", "lq45"]],
      ["gzip bomb (100 KB inflating to 100 MB)", `${faults.url}/gzip-bomb`, ["INDEX", "lq45"]],
    ];
    const rows = [];
    for (const [label, url, call] of cases) rows.push({ label, ...(await called(url, call)) });
    return rows;
  } finally {
    await Promise.all([big.close(), fitting.close(), faults.close()]);
  }
}

/** 50 distinct cells at once against a service answering every request 429, Retry-After: 1. */
export async function rateLimitStorm(cells = 50) {
  const faults = await startFaultServer();
  try {
    let requests = 0;
    const excel = loadExcel(`${faults.url}/429-retry-after`, KEY, (url, init) => {
      requests++;
      return fetch(url, init);
    });
    const index = excel.get("INDEX")!;
    const started = Date.now();
    const days = Array.from({ length: cells }, (_, i) => new Date(Date.UTC(2025, 0, 2 + i)).toISOString().slice(0, 10));
    const settled = await Promise.allSettled(days.map((day) => index("lq45", null, day, null, { onCanceled: undefined })));
    const seconds = (Date.now() - started) / 1000;
    return { cells, requests, seconds, failed: settled.filter((s) => s.status === "rejected").length };
  } finally {
    await faults.close();
  }
}
