// The screener endpoints' common part: `where` and `order_by` over a field table, paging in the
// live envelope and the optional `query_values`. Natural-language `q` is translated into the same
// parameters elsewhere (natural.ts) and run through `runScreen`.
import { ApiError } from "../errors";
import { envelope } from "../live/envelope";
import type { Query } from "../query";
import { fieldsIn } from "./ast";
import { compileValue, compileWhere, type Fields, type FieldValue } from "./compile";
import { translate, type Vocabulary } from "./natural";
import { parseOrderBy, parseWhere } from "./parser";

const MAX_CLAUSE = 2000;
const DEFAULT_LIMIT = 50;

/** Every parameter the screeners take. */
export const SCREEN_PARAMS = ["where", "q", "order_by", "desc", "limit", "offset", "include_query_values"];

/** One screen: the where and order_by texts (as a client or the translator wrote them), paging and
 *  whether to show the values behind each row. */
export interface ScreenParams {
  where?: string;
  orderBy?: string;
  desc: boolean;
  limit: number;
  offset: number;
  include: boolean;
}

export interface Listed {
  symbol: string;
  company_name: string;
}

function page(q: Query): { limit: number; offset: number } {
  const limit = q.str("limit") ?? String(DEFAULT_LIMIT);
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

/** A screener request: `q` (translated with `vocab`) overrides where, order_by, desc, limit and
 *  offset, as the service's language model writes them; include_query_values still applies. */
export function screen<R extends Listed>(q: Query, rows: readonly R[], fields: Fields<R>, vocab: Vocabulary) {
  q.allow(SCREEN_PARAMS);
  const include = q.bool("include_query_values", false);
  const question = q.str("q");
  if (question !== undefined) {
    const t = translate(question, vocab, include);
    const params = {
      where: t.where ?? undefined,
      orderBy: t.order_by ?? undefined,
      desc: false,
      limit: t.limit ?? DEFAULT_LIMIT,
      offset: 0,
    };
    const body = runScreen({ ...params, include }, rows, fields);
    return { ...body, llm_translation: { natural_query: question, translated_params: t, message: "" } };
  }
  const paging = page(q);
  const desc = q.bool("desc", false);
  const where = clause(q, "where");
  const orderBy = clause(q, "order_by");
  const body = runScreen({ where, orderBy, desc, include, ...paging }, rows, fields);
  // The description has every answer carry `llm_translation`; a structured query has no question.
  const given = { where, order_by: orderBy, desc, limit: paging.limit, offset: paging.offset };
  return { ...body, llm_translation: { natural_query: "", translated_params: given, message: "" } };
}

export function runScreen<R extends Listed>(p: ScreenParams, rows: readonly R[], fields: Fields<R>) {
  const { desc, include, orderBy: orderText } = p;
  const cond = p.where === undefined ? undefined : parseWhere(p.where);
  const keep = cond ? compileWhere(cond, fields) : () => true;
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
  return envelope(kept, p, ({ row }) => {
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
