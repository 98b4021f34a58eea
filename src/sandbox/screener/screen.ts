// The screener endpoints' common part: `where` and `order_by` over a field table, paging in the
// live envelope and the optional `query_values`. Natural-language `q` needs a language model,
// which the sandbox does not have: it is a 400 that says so.
import { ApiError, badRequest } from "../errors";
import { envelope } from "../live/envelope";
import type { Query } from "../query";
import { fieldsIn } from "./ast";
import { compileValue, compileWhere, type Fields, type FieldValue } from "./compile";
import { parseOrderBy, parseWhere } from "./parser";

const NLQ_MESSAGE = "Natural-language queries (q) are not available in this sandbox; use where and order_by.";
const MAX_CLAUSE = 2000;

export interface Listed {
  symbol: string;
  company_name: string;
}

function page(q: Query): { limit: number; offset: number } {
  const limit = q.str("limit") ?? "50";
  const offset = q.str("offset") ?? "0";
  if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > 200) {
    throw new ApiError(400, "LIMIT must be a positive integer up to 200.", "INVALID_LIMIT");
  }
  if (!/^\d{1,15}$/.test(offset)) throw new ApiError(400, "OFFSET must be a non-negative integer.", "INVALID_OFFSET");
  return { limit: Number(limit), offset: Number(offset) };
}

function clause(q: Query, name: string): string | undefined {
  const text = q.str(name);
  if (text !== undefined && text.length > MAX_CLAUSE) {
    throw new ApiError(400, `The ${name} clause is too long (at most ${MAX_CLAUSE} characters).`, "INVALID_WHERE_CLAUSE");
  }
  return text;
}

/** order_by errors carry their own code, so a client can tell which parameter is wrong. */
function orderError(err: unknown): unknown {
  return err instanceof ApiError && err.code ? new ApiError(400, `Invalid order_by: ${err.message}`, "INVALID_ORDER_BY") : err;
}

export function screen<R extends Listed>(q: Query, rows: readonly R[], fields: Fields<R>) {
  q.allow(["where", "q", "order_by", "desc", "limit", "offset", "include_query_values"]);
  if (q.has("q")) throw badRequest(NLQ_MESSAGE);
  const paging = page(q);
  const desc = q.bool("desc", false);
  const include = q.bool("include_query_values", false);
  const whereText = clause(q, "where");
  const cond = whereText === undefined ? undefined : parseWhere(whereText);
  const keep = cond ? compileWhere(cond, fields) : () => true;
  const orderText = clause(q, "order_by");
  const minus = orderText?.startsWith("-") ?? false;
  let order: ReturnType<typeof parseOrderBy>;
  let key: ReturnType<typeof compileValue<R>>;
  try {
    order = parseOrderBy(minus ? orderText!.slice(1) : (orderText ?? "symbol"));
    key = compileValue(order, fields);
  } catch (err) {
    throw orderError(err);
  }
  if (key.type === "list") throw new ApiError(400, "Invalid order_by: a list field cannot be sorted on.", "INVALID_ORDER_BY");
  const sign = minus || desc ? -1 : 1;
  const kept = rows.filter(keep).map((row) => ({ row, key: key.get(row) }));
  kept.sort((a, b) => compareKeys(a.key, b.key, sign) || (a.row.symbol < b.row.symbol ? -1 : a.row.symbol > b.row.symbol ? 1 : 0));
  // The values of the fields the query names, so a client can show why a row is there; keyed by
  // the table's own spelling ("market_cap", "revenue[2024]"), never by the text as typed.
  const named = orderText === undefined ? fieldsIn(cond) : fieldsIn(order, fieldsIn(cond));
  const shown = new Map(
    named.map((f) => {
      const name = f.name.toLowerCase();
      return [f.year === undefined ? name : `${name}[${f.year}]`, { spec: fields.get(name)!, year: f.year ?? 0 }];
    }),
  );
  return envelope(kept, paging, ({ row }) => {
    const base = { symbol: row.symbol, company_name: row.company_name };
    if (!include) return base;
    return { ...base, query_values: Object.fromEntries([...shown].map(([k, f]) => [k, f.spec.get(row, f.year)])) };
  });
}

/** Missing values last whichever the direction; text case-insensitively. */
function compareKeys(a: FieldValue, b: FieldValue, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const [x, y] = typeof a === "string" && typeof b === "string" ? [a.toLowerCase(), b.toLowerCase()] : [a, b];
  return x < y ? -sign : x > y ? sign : 0;
}
