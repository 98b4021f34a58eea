// Figure 10: a 300-formula tracker as Google Sheets runs it, today's pattern (one formula per
// company and column) against the range pattern (one formula per column over the range of
// companies, and one formula for the whole block). Sheets runs custom functions in executions of
// their own, each with a fresh global scope, up to 30 at once; executions that run at once do not
// see each other's cache writes. Modelled with the built Code.js: one fresh vm context per
// execution, in waves of 30 that each read CacheService as it was when the wave started; Script
// Properties and CacheService shared. Counted: executions, UrlFetchApp calls (fetch and fetchAll)
// and the requests they carry (what Google's daily quota counts), the credits the provider bills
// for their answers, and CacheService items; beside them, an add-in with one request per cell.
import { loadScript } from "../harness/load-sheets";
import { startSandboxWorker } from "../harness/workers";
import { providerPass } from "./provider-style";
import { sheetsCredits } from "./sheets-credits";

const KEY = "demo";
const TODAY = "2025-06-18";
const AT_ONCE = 30;

/** 25 companies the sandbox knows, banks and others. */
const COMPANIES = ["BBCA", "BBRI", "BMRI", "BBNI", "BRIS", "BNGA", "BBTN", "TLKM", "ISAT", "EXCL", "ASII", "UNVR", "ICBP"].concat([
  "INDF",
  "MYOR",
  "GOTO",
  "BUKA",
  "EMTK",
  "ADRO",
  "ITMG",
  "PTBA",
  "BUMI",
  "ANTM",
  "INCO",
  "TINS",
]);
/** 12 columns of the latest quarter, each a formula in today's pattern. */
const COLUMNS = [
  "revenue",
  "earnings",
  "net_income",
  "earnings_before_tax",
  "tax",
  "total_assets",
  "total_liabilities",
  "total_equity",
  "operating_cash_flow",
  "investing_cash_flow",
  "financing_cash_flow",
  "free_cash_flow",
];

type Execution = [name: string, args: unknown[]];

interface Pass {
  executions: number;
  failed: number;
  fetchCalls: number;
  fetchAllCalls: number;
  requests: number;
  /** What the provider bills for the answers fetched (shared/rows/credits.ts). */
  credits: number;
  cacheItems: number;
}

/** Run executions as Sheets does: fresh scope each, waves of AT_ONCE sharing the cache as it was. */
function runTracker(url: string, executions: Execution[], cache: Map<string, { value: string; expires: number }>): Pass {
  const pass: Pass = { executions: executions.length, failed: 0, fetchCalls: 0, fetchAllCalls: 0, requests: 0, credits: 0, cacheItems: 0 };
  for (let start = 0; start < executions.length; start += AT_ONCE) {
    const writes = new Map<string, { value: string; expires: number }>();
    for (const [name, args] of executions.slice(start, start + AT_ONCE)) {
      const script = loadScript({ baseUrl: url, apiKey: KEY });
      // This execution sees the cache as the wave found it, plus only its own writes.
      script.rec.cache = new Map(cache);
      if (script.errorOf(`MDQ_${name}`, ...args) !== undefined) pass.failed++;
      for (const [k, v] of script.rec.cache) if (cache.get(k) !== v) writes.set(k, v);
      pass.fetchAllCalls += script.rec.fetchAlls.length;
      pass.requests += script.rec.requests.length;
      pass.credits += sheetsCredits(script.rec);
      pass.fetchCalls += script.rec.requests.length - script.rec.fetchAlls.reduce((a, b) => a + b, 0);
    }
    for (const [k, v] of writes) cache.set(k, v);
  }
  pass.cacheItems = cache.size;
  return pass;
}

const column = (values: string[]) => values.map((v) => [v]);

/** Today's pattern, one range formula per column, one range formula for all: a first
 *  recalculation (empty cache), then a Refresh all (a new refresh value in every formula). */
export async function sheetsTracker() {
  const server = await startSandboxWorker({ apiKey: KEY, today: TODAY });
  try {
    const options = (fields: string, refresh: string) => `fields=${fields}; headers=false; refresh=${refresh}`;
    const perCell = (refresh: string): Execution[] =>
      COMPANIES.flatMap((t) => COLUMNS.map((c): Execution => ["QUARTERLY", [t, 1, "", "", options(c, refresh)]]));
    const perColumn = (refresh: string): Execution[] =>
      COLUMNS.map((c): Execution => ["QUARTERLY", [column(COMPANIES), 1, "", "", options(c, refresh)]]);
    const one = (refresh: string): Execution[] => [["QUARTERLY", [column(COMPANIES), 1, "", "", options(COLUMNS.join(","), refresh)]]];
    // Each request leaves through a child process (the UrlFetchApp stand-in blocks): the
    // per-column pattern, which says nothing more on a refresh, is measured once.
    const measure = (pattern: (refresh: string) => Execution[], refresh = true) => {
      const cache = new Map<string, { value: string; expires: number }>();
      const first = runTracker(server.url, pattern("1"), cache);
      return { first, refresh: refresh ? runTracker(server.url, pattern("2"), cache) : undefined };
    };
    return {
      // An add-in with one request per cell and no cache: every cell of the per-cell pattern, each pass.
      provider: await providerPass(server.url, perCell("1") as Array<[string, unknown[]]>, KEY),
      formulas: COMPANIES.length * COLUMNS.length,
      companies: COMPANIES.length,
      columns: COLUMNS.length,
      atOnce: AT_ONCE,
      perCell: measure(perCell),
      perColumn: measure(perColumn, false),
      one: measure(one),
    };
  } finally {
    await server.close();
  }
}
