// Parameter rules shared by the live endpoints, with the live service's wording where the
// provider's OpenAPI description gives one.
import { type IdxCompany, idxCompany } from "../data/idx-companies";
import { lastTradingDay } from "../data/idx-prices";
import { toDay } from "../dates";
import { badRequest, notFound } from "../errors";
import type { Query } from "../query";
import { idxCode } from "../tickers";

export const DATE_MESSAGE = "Use a valid date format of YYYY-MM-DD.";
export const FEED_DATE_MESSAGE = "Use a valid date format of YYYY-MM-DD for 'start' and 'end'.";

/** "bbca", "BBCA" or "BBCA.jk" -> "BBCA"; anything else is the live 400. */
export function symbolOr400(raw: string): string {
  const code = idxCode(raw);
  if (!code) throw badRequest("Please provide a valid stock symbol.");
  return code;
}

/** A well-formed symbol of a company the sandbox knows, or `missing` as a 404. */
export function companyOr404(raw: string, missing: string): IdxCompany {
  const company = idxCompany(symbolOr400(raw));
  if (!company) throw notFound(missing);
  return company;
}

/** The live service refuses an `end` after today rather than answering an empty list. */
export function endNotFuture(end: string | undefined, today: string): string | undefined {
  if (end !== undefined && toDay(end) > toDay(today)) throw badRequest("The 'end' date cannot be in the future.");
  return end;
}

/** A `date=` of one day (a ranking's, the market's close): not after today; default the last
 *  trading day. */
export function dayParam(q: Query, today: string): number {
  const asked = q.date("date", DATE_MESSAGE);
  if (asked !== undefined && asked > today) throw badRequest("The 'date' cannot be in the future.");
  return asked === undefined ? lastTradingDay(today) : toDay(asked);
}

/** `year=2024` of the mining endpoints: four digits, else 400. */
export function yearParam(q: Query): number | undefined {
  const raw = q.str("year");
  if (raw === undefined) return undefined;
  if (!/^\d{4}$/.test(raw)) throw badRequest("Invalid year. Please provide a four-digit year such as 2024.");
  return Number(raw);
}

/** A closed set of values (`holder_type`, `license_type`, ...) matched case-insensitively; the
 *  canonical spelling comes back. */
export function choice<T extends string>(q: Query, name: string, options: readonly T[]): T | undefined {
  const raw = q.str(name);
  if (raw === undefined) return undefined;
  const hit = options.find((o) => o.toLowerCase() === raw.toLowerCase());
  if (hit === undefined) throw badRequest(`Invalid ${name}: ${raw}. Valid options are: ${options.join(", ")}.`);
  return hit;
}

/** A taxonomy slug (`sub_sector=banks`) the demo universe has, in any case; else the service's 400. */
export function slugParam(q: Query, name: string, known: ReadonlySet<string>): string | undefined {
  const raw = q.str(name)?.toLowerCase();
  if (raw !== undefined && !known.has(raw)) throw badRequest(`The requested ${name} does not exist.`);
  return raw;
}

/** A comma-separated subset of `all` ("all" or nothing: every one), in `all`'s order; anything
 *  else is the service's 400 listing the choices. */
export function subset<T extends string>(q: Query, name: string, all: readonly T[]): T[] {
  const asked = q.list(name);
  if (!asked || (asked.length === 1 && asked[0] === "all")) return [...all];
  if (asked.some((a) => !all.some((o) => o === a))) {
    throw badRequest(`Invalid ${name} provided, select from these choices: ${all.join(", ")}.`);
  }
  return all.filter((o) => asked.includes(o));
}

/** `order_by=-field`: the field and the direction, from a fixed list of sortable fields. */
export function orderBy<T extends string>(q: Query, fields: readonly T[], fallback: string): { field: T; descending: boolean } {
  const raw = q.str("order_by") ?? fallback;
  const descending = raw.startsWith("-");
  const field = fields.find((f) => f === (descending ? raw.slice(1) : raw));
  if (field === undefined) {
    const options = fields.flatMap((f) => [f, `-${f}`]).join(", ");
    throw badRequest(`Invalid order_by value: ${raw}. Valid options are: ${options}.`);
  }
  return { field, descending };
}
