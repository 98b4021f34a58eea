// Figure 10: a 300-formula tracker as Google Sheets runs it, today's pattern (one formula per
// company and column) against the range pattern (one formula per column over the range of
// companies, and one formula for the whole block). Sheets runs custom functions in executions of
// their own, each with a fresh global scope, up to 30 at once, the next starting as one ends; run
// here through the built Code.js as Sheets runs it (scripts/harness/executions.ts: one virtual
// clock, CacheService and the script lock shared, a request taking LATENCY_MS). Counted:
// executions, UrlFetchApp calls (fetch and fetchAll) and the requests they carry (what Google's
// daily quota counts), the credits the provider bills for their answers, and CacheService items;
// beside them, an add-in with one request per cell.
import { type Executions, startExecutions } from "../harness/executions";
import { startSandboxWorker } from "../harness/workers";
import { providerPass } from "./provider-style";
import { mark, sheetsCredits } from "./sheets-credits";

const KEY = "demo";
const TODAY = "2025-06-18";
const AT_ONCE = 30;
/** The service's time for each request on the executions' clock, as figure 13's. */
const LATENCY_MS = 100;

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

/** One recalculation of the executions, as Sheets runs them. */
async function runTracker(sheets: Executions, executions: Execution[]): Promise<Pass> {
  const from = mark(sheets.rec);
  const fetchAlls = sheets.rec.fetchAlls.length;
  const outcomes = await sheets.run(
    executions.map(([name, args]) => [`MDQ_${name}`, args]),
    AT_ONCE,
  );
  const requests = sheets.rec.requests.length - from.requests;
  const batched = sheets.rec.fetchAlls.slice(fetchAlls);
  return {
    executions: executions.length,
    failed: outcomes.filter((o) => o.error !== undefined).length,
    fetchCalls: requests - batched.reduce((a, b) => a + b, 0),
    fetchAllCalls: batched.length,
    requests,
    credits: sheetsCredits(sheets.rec, from),
    cacheItems: sheets.rec.cache.size,
  };
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
    const measure = async (pattern: (refresh: string) => Execution[], refresh = true) => {
      const sheets = startExecutions({ baseUrl: server.url, apiKey: KEY, latencyMs: LATENCY_MS });
      try {
        const first = await runTracker(sheets, pattern("1"));
        return { first, refresh: refresh ? await runTracker(sheets, pattern("2")) : undefined };
      } finally {
        await sheets.close();
      }
    };
    return {
      // An add-in with one request per cell and no cache: every cell of the per-cell pattern, each pass.
      provider: await providerPass(server.url, perCell("1") as Array<[string, unknown[]]>, KEY),
      formulas: COMPANIES.length * COLUMNS.length,
      companies: COMPANIES.length,
      columns: COLUMNS.length,
      atOnce: AT_ONCE,
      perCell: await measure(perCell),
      perColumn: await measure(perColumn, false),
      one: await measure(one),
    };
  } finally {
    await server.close();
  }
}
