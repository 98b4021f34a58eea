// Figure 14: five years of daily prices of ten IDX companies, one DAILY formula each, through a
// freshly loaded built Excel bundle (its clock on the sandbox's demo day) against the live sandbox
// answering after 100 ms and keeping, as the service does, only the last 90 days of a longer
// window. Cold: nothing cached; warm: the same formulas again in the same session. Counted: the
// requests and credits the runtime counts, the rows returned, the time until every cell settled,
// and the heap the session holds after each pass. Beside it, a provider-style add-in: one request
// per formula of the five-year window, which the service answers with its last 90 days.
import { startSlowSandboxWorker } from "../harness/workers";
import { loadExcelCounted } from "./hosts";
import { providerPass } from "./provider-style";

const KEY = "demo";
const TODAY = "2025-06-18";
const TICKERS = ["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "ASII", "UNVR", "ICBP", "ADRO", "ANTM"];
const START = "2020-06-01";
const END = "2025-05-31";

interface Pass {
  requests: number;
  credits: number;
  rows: number;
  ms: number;
  heapMb: number;
  failed: number;
}

export async function seriesHistory() {
  const server = await startSlowSandboxWorker({ apiKey: KEY, today: TODAY, delayMs: 100, edition: "live" });
  try {
    const excel = loadExcelCounted(server.url, KEY, fetch, TODAY, "live");
    const daily = excel.registered.get("DAILY") as (...args: unknown[]) => Promise<unknown[][]>;
    let before = { requests: 0, credits: 0 };
    const pass = async (): Promise<Pass> => {
      const started = performance.now();
      const results = await Promise.allSettled(TICKERS.map((t) => daily(t, START, END, "dates=text", { onCanceled: undefined })));
      const ms = performance.now() - started;
      const counts = excel.counts();
      const spent = { requests: counts.requests - before.requests, credits: counts.credits - before.credits };
      before = counts;
      const rows = results.reduce((n, r) => n + (r.status === "fulfilled" ? r.value.length - 1 : 0), 0);
      return {
        ...spent,
        rows,
        ms,
        heapMb: process.memoryUsage().heapUsed / 2 ** 20,
        failed: results.filter((r) => r.status === "rejected").length,
      };
    };
    const cold = await pass();
    const warm = await pass();
    const provider = await providerPass(
      server.url,
      TICKERS.map((t) => ["DAILY", [t, START, END]]),
      KEY,
      "live",
    );
    return { tickers: TICKERS.length, start: START, end: END, cold, warm, provider };
  } finally {
    await server.close();
  }
}
