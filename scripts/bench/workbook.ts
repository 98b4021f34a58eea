// A simulated tracker workbook: 60 distinct requests, each asked by 5 formulas that show the
// same data differently (display options share the cache entry, as they should).
import { INDEX_CODES } from "../../shared";

export type Formula = [name: string, args: unknown[]];

const IDX = ["BBCA", "BBRI", "BMRI", "BBNI", "TLKM", "ASII", "UNVR", "ICBP", "GOTO", "ADRO", "ITMG", "PTBA", "ANTM", "INCO", "MDKA"];

export const DISTINCT: Formula[] = [
  ...INDEX_CODES.map((code): Formula => ["INDEX", [code, "2025-04-01", "2025-06-13"]]), // 17
  ...IDX.map((t): Formula => ["QUARTERLY", [t, 4]]), // 15
  ...IDX.slice(0, 10).map((t): Formula => ["FILINGS", [t, "", "", "n=10"]]), // 10
  ...["1155", "1295", "5347"].map((t): Formula => ["KLSE_REPORT", [t]]), // 3
  ...["ITMG", "ADRO", "PTBA"].map((t): Formula => ["SALES_DESTINATION", [t]]), // 3
  ...["Nickel", "Coal", "Gold"].map((c): Formula => ["GLOBAL_COMMODITY", [c]]), // 3
  ["KLSE_TOP", ["pe"]],
  ["KLSE_TOP", ["market_cap,dividend_yield"]],
  ["SGX_COMPANIES", ["financial-services"]],
  ["COMPANIES", ["banks", "market_cap", true]],
  ["LIST", ["subsectors"]],
  ["LIST", ["index_members", "index=lq45"]],
  ["MINING_COMPANIES", ["", "Coal"]],
  ["MINING_LICENSES", ["", "Coal", true]],
  ["MINING_SITES", ["", "Coal", "", "production"]],
]; // 60

const VIEWS = ["", "headers=false", "orient=columns", "dates=date", "headers=false; orient=columns"];

/** The 300 formulas: every distinct request under five display options. */
export function formulas(argCount: (name: string) => number): Formula[] {
  return withViews(DISTINCT, argCount);
}

function withViews(distinct: Formula[], argCount: (name: string) => number): Formula[] {
  return distinct.flatMap(([name, args]) =>
    VIEWS.map((view): Formula => {
      const positional = args.slice(0, argCount(name));
      while (positional.length < argCount(name)) positional.push("");
      const own = args[argCount(name)] as string | undefined;
      return [name, [...positional, [own, view].filter(Boolean).join("; ")]];
    }),
  );
}

/** `count` distinct requests: the tracker's 60, then index windows of 60 days, each code starting a
 *  day later than its last window (the sandbox answers any of them; a bigger workbook of the same
 *  kind of data). */
export function distinctRequests(count: number): Formula[] {
  const windows: Formula[] = [];
  for (let i = 0; windows.length + DISTINCT.length < count; i++) {
    const start = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / INDEX_CODES.length) * 86_400_000);
    const end = new Date(start.getTime() + 60 * 86_400_000);
    windows.push(["INDEX", [INDEX_CODES[i % INDEX_CODES.length], start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)]]);
  }
  return [...DISTINCT, ...windows].slice(0, count);
}

/** A workbook of `count` formulas (a multiple of 5) over count / 5 distinct requests, each under the
 *  five display options: 300 is the tracker itself. */
export function scaledFormulas(count: number, argCount: (name: string) => number): Formula[] {
  return withViews(distinctRequests(count / VIEWS.length), argCount);
}
