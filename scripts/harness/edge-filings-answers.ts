// What the edge-filings stand-in (edge-filings.ts) answers on its two paths, as pure functions of
// the path's symbol, the query and the day: the provider's live rules, read strictly, so that a
// request MDQ words loosely is refused here rather than answered by luck.
import { EDGE_FIELDS, EDGE_ROWS, type EdgeRow, type EdgeTicker, isEdgeTicker } from "./edge-filings-data";

/** An answer before billing: the status and the JSON body. */
export interface EdgeAnswer {
  status: number;
  body: unknown;
}

const refuse = (status: number, error: string): EdgeAnswer => ({ status, body: { error } });

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real day written YYYY-MM-DD (not 2024-02-30). */
export function isIsoDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return at.toISOString().slice(0, 10) === text;
}

const dayNumber = (iso: string) => Date.parse(iso) / DAY_MS;

/** "norm", "NORM" or "norm.jk" -> NORM; anything else names no company. */
function tickerOf(symbol: string): EdgeTicker | undefined {
  const code = /^([A-Za-z]{4})(\.jk)?$/i.exec(symbol)?.[1].toUpperCase();
  return code !== undefined && isEdgeTicker(code) ? code : undefined;
}

/** A query's parameters, each given once, or the 400 that refuses it. */
function singleParams(search: URLSearchParams, allowed: readonly string[]): Map<string, string> | EdgeAnswer {
  const params = new Map<string, string>();
  for (const [name, value] of search) {
    if (!allowed.includes(name)) return refuse(400, `Invalid query parameters: ${name}.`);
    if (params.has(name)) return refuse(400, `The parameter '${name}' is given more than once.`);
    params.set(name, value);
  }
  return params;
}

/** A company's rows published by `today`, newest first by date; rows of one date in listed order. */
export function servedRows(ticker: EdgeTicker, today: string): EdgeRow[] {
  return EDGE_ROWS[ticker].filter((r) => r.published <= today).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** A row as the service sends it: symbol, date, then the figures. */
const wire = (row: EdgeRow) => ({ symbol: row.symbol, date: row.date, ...Object.fromEntries(EDGE_FIELDS.map((f) => [f, row[f]])) });

/** The rows of the one date closest to `target` (a tie goes to the earlier date); `rows` newest first. */
function closestRows(rows: EdgeRow[], target: string): EdgeRow[] {
  const distance = (r: EdgeRow) => Math.abs(dayNumber(r.date) - dayNumber(target));
  let best = rows[0];
  for (const r of rows) if (distance(r) < distance(best) || (distance(r) === distance(best) && r.date < best.date)) best = r;
  return rows.filter((r) => r.date === best.date);
}

/** GET /v2/financials/quarterly/{symbol}/: n_quarters (the latest N rows) overrides report_date and
 *  approx; without either, the latest row. */
export function quarterlyAnswer(symbol: string, search: URLSearchParams, today: string): EdgeAnswer {
  const params = singleParams(search, ["n_quarters", "report_date", "approx"]);
  if (!(params instanceof Map)) return params;
  const nText = params.get("n_quarters");
  if (nText !== undefined && !/^[1-9]\d*$/.test(nText))
    return refuse(400, `Invalid value for 'n_quarters': '${nText}'. It must be a positive integer.`);
  const reportDate = params.get("report_date");
  if (reportDate !== undefined && !isIsoDay(reportDate))
    return refuse(400, `Invalid report_date '${reportDate}'. Use a valid date in the format YYYY-MM-DD.`);
  const approxText = params.get("approx");
  if (approxText !== undefined && !/^(true|false)$/i.test(approxText))
    return refuse(400, `Invalid value for 'approx': '${approxText}'. Use 'true' or 'false'.`);
  const ticker = tickerOf(symbol);
  if (!ticker) return refuse(404, `Invalid stock symbol '${symbol}': no such company.`);
  const rows = servedRows(ticker, today);
  const chosen =
    nText !== undefined
      ? rows.slice(0, Number(nText))
      : reportDate === undefined
        ? rows.slice(0, 1)
        : approxText?.toLowerCase() === "false"
          ? rows.filter((r) => r.date === reportDate)
          : closestRows(rows, reportDate);
  if (!chosen.length) return refuse(404, `No quarterly statements of ${ticker}.JK match the request.`);
  return { status: 200, body: chosen.map(wire) };
}

/** A number from 0 to 1 per call, the same sequence for the same seed (mulberry32). */
function seeded(text: string): () => number {
  let seed = 2166136261;
  for (const ch of text) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const monotonic = (pairs: [string, string][]) =>
  pairs.every((p, i) => i === 0 || pairs[i - 1][0] <= p[0]) || pairs.every((p, i) => i === 0 || pairs[i - 1][0] >= p[0]);

/** The pairs in an order fixed by `seed` and never by date (three or more pairs are never left in
 *  date order, either way): a reader must sort them itself. */
function shuffled(pairs: [string, string][], seed: string): [string, string][] {
  const out = [...pairs];
  const next = seeded(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.length >= 3 && monotonic(out) ? [...out.slice(1), out[0]] : out;
}

/** GET /v2/company/get_quarterly_financial_dates/{symbol}/: each distinct (date, label) of the
 *  published rows, under the calendar year of the date. */
export function datesAnswer(symbol: string, search: URLSearchParams, today: string): EdgeAnswer {
  const params = singleParams(search, []);
  if (!(params instanceof Map)) return params;
  const ticker = tickerOf(symbol);
  if (!ticker) return refuse(404, `Given stock symbol '${symbol}' does not exist.`);
  const years = new Map<string, [string, string][]>();
  for (const { date, label } of servedRows(ticker, today)) {
    const year = date.slice(0, 4);
    const pairs = years.get(year) ?? [];
    if (!pairs.some(([d, l]) => d === date && l === label)) pairs.push([date, label]);
    years.set(year, pairs);
  }
  return { status: 200, body: Object.fromEntries([...years].map(([year, pairs]) => [year, shuffled(pairs, `${ticker}:${year}`)])) };
}
