// A stand-in of the provider's live quarterly statements and fiscal-dates feed, serving the
// filings of edge-filings-data.ts: real filings' edges (fiscal years, restatements, report dates,
// publication lag, gaps) that the sandbox's demo data lacks, for tests of how the built CLI, Excel
// and Sheets bundles read statements. Strict where the live service is: anything MDQ should not
// send is refused, and every request is recorded with what the provider would bill for it.
import type http from "node:http";
import { datesAnswer, type EdgeAnswer, isIsoDay, quarterlyAnswer } from "./edge-filings-answers";
import { EDGE_KEY, EDGE_TODAY } from "./edge-filings-data";
import { listenOnLoopback } from "./loopback";

export interface EdgeFilingsOptions {
  /** The service's day (YYYY-MM-DD): rows published after it are not served. */
  today?: string;
  /** Real delay before each answer, as a service's cost (default 25 ms). */
  latencyMs?: number;
  /** The key the Authorization header must carry, raw. */
  apiKey?: string;
}

/** One request: its path without the query, the query (a name given twice: its last value), the
 *  status answered and the credits the provider would bill. */
export interface EdgeHit {
  path: string;
  query: Record<string, string>;
  status: number;
  credits: number;
}

export interface EdgeFilings {
  url: string;
  close(): Promise<void>;
  hits: EdgeHit[];
}

const QUARTERLY = /^\/v2\/financials\/quarterly\/([^/]+)\/$/;
const DATES = /^\/v2\/company\/get_quarterly_financial_dates\/([^/]+)\/$/;
const V1 = /^\/v1(\/|$)/;

const refuse = (status: number, error: string): EdgeAnswer => ({ status, body: { error } });

/** What the provider bills: a row each on a quarterly 200, one for the dates feed's 200 and for
 *  any 404; nothing for a request it refuses before looking anything up. */
function creditsOf(path: string, answer: EdgeAnswer): number {
  if (answer.status === 404) return 1;
  if (answer.status !== 200) return 0;
  return QUARTERLY.test(path) ? (answer.body as unknown[]).length : 1;
}

function answerOf(req: http.IncomingMessage, path: string, search: URLSearchParams, apiKey: string, today: string): EdgeAnswer {
  if (req.method !== "GET") return refuse(405, `Method ${req.method} is not allowed: the service is read-only, use GET.`);
  const auth = req.headers.authorization;
  if (auth === undefined) return refuse(401, "Missing API key: send it in the Authorization header.");
  if (auth !== apiKey) return refuse(401, "Invalid API key: send the raw key in the Authorization header, without 'Bearer'.");
  if (V1.test(path)) return { status: 410, body: { code: "v1_discontinued", error: "The /v1/ API was retired. Use the /v2/ endpoints." } };
  const quarterly = QUARTERLY.exec(path);
  if (quarterly) return quarterlyAnswer(quarterly[1], search, today);
  const dates = DATES.exec(path);
  if (dates) return datesAnswer(dates[1], search, today);
  return refuse(404, `Not found: no endpoint at ${path}.`);
}

export async function startEdgeFilings(options: EdgeFilingsOptions = {}): Promise<EdgeFilings> {
  const today = options.today ?? EDGE_TODAY;
  const latencyMs = options.latencyMs ?? 25;
  const apiKey = options.apiKey ?? EDGE_KEY;
  if (!isIsoDay(today)) throw new Error(`today must be a day written YYYY-MM-DD, got ${today}`);
  if (!(latencyMs >= 0)) throw new Error(`latencyMs must be 0 or more, got ${latencyMs}`);
  if (!apiKey) throw new Error("apiKey must not be empty");
  const hits: EdgeHit[] = [];
  const loopback = await listenOnLoopback((req, res) => {
    const url = req.url ?? "/";
    const cut = url.indexOf("?");
    const path = cut < 0 ? url : url.slice(0, cut);
    const search = new URLSearchParams(cut < 0 ? "" : url.slice(cut + 1));
    const answer = answerOf(req, path, search, apiKey, today);
    hits.push({ path, query: Object.fromEntries(search), status: answer.status, credits: creditsOf(path, answer) });
    loopback.later(latencyMs, () => {
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  return { url: loopback.url, close: loopback.close, hits };
}
