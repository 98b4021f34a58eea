// Query-string access with the real service's validation wording. Each endpoint declares the
// parameters it accepts; anything else is "Invalid query parameters: x." (400), as upstream does.
import { SERVICE_BOUNDS } from "../../shared";
import { isIsoDate, looksLikeIsoDate } from "./dates";
import { badRequest } from "./errors";

const INT_RE = /^[+]?\d{1,15}$/;

export class Query {
  /** Each name's values in order: a name given more than once (`sections=a&sections=b`) is a
   *  list; a single value is read from its first. */
  private readonly values = new Map<string, string[]>();

  constructor(search: string) {
    // URLSearchParams never throws on bad percent-encoding: it keeps the text as it is.
    for (const [k, v] of new URLSearchParams(search)) this.values.set(k, [...(this.values.get(k) ?? []), v]);
  }

  /** Reject parameters the endpoint does not define. */
  allow(names: readonly string[]): this {
    const unknown = [...this.values.keys()].filter((k) => !names.includes(k));
    if (unknown.length) throw badRequest(`Invalid query parameters: ${unknown.join(", ")}.`);
    return this;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Trimmed value, or undefined when absent or blank. */
  str(name: string): string | undefined {
    const v = this.values.get(name)?.[0].trim();
    return v ? v : undefined;
  }

  /** A list given comma-separated, or as the name repeated (the form the description declares),
   *  or both; blanks dropped. */
  list(name: string): string[] | undefined {
    const given = this.values.get(name);
    if (given === undefined) return undefined;
    const items = given
      .flatMap((v) => v.split(","))
      .map((s) => s.trim())
      .filter(Boolean);
    return items.length ? items : undefined;
  }

  /** Non-negative integer or undefined; `message` when it is not one. */
  int(name: string, message: string): number | undefined {
    const v = this.str(name);
    if (v === undefined) return undefined;
    if (!INT_RE.test(v)) throw badRequest(message);
    return Number(v);
  }

  bool(name: string, fallback: boolean, message = `Invalid value for '${name}'. Use 'true' or 'false'.`): boolean {
    const v = this.str(name)?.toLowerCase();
    if (v === undefined) return fallback;
    if (v === "true") return true;
    if (v === "false") return false;
    throw badRequest(message);
  }

  /** YYYY-MM-DD or undefined; a single message for bad shape and impossible dates. */
  date(name: string, message: string): string | undefined {
    const v = this.str(name);
    if (v === undefined) return undefined;
    if (!looksLikeIsoDate(v) || !isIsoDate(v)) throw badRequest(message);
    return v;
  }
}

/** `limit`/`offset` of the v2 mining lists: default 20, max 30 (larger values are capped). */
export function limitOffset(q: Query, withOffset = true): { limit: number; offset: number } {
  const message = "Invalid pagination or limit parameters. Please provide positive integers.";
  const limit = q.int("limit", message) ?? SERVICE_BOUNDS.limitDefault;
  const offset = withOffset ? (q.int("offset", message) ?? 0) : 0;
  if (limit < 1) throw badRequest(message);
  return { limit: Math.min(limit, SERVICE_BOUNDS.limitMax), offset };
}

export function slice<T>(items: T[], p: { limit: number; offset: number }): T[] {
  return items.slice(p.offset, p.offset + p.limit);
}

/** `years=2022,2023` of the mining endpoints, by the provider's rule: a comma-separated list of
 *  integers, any integers (the client's cells take years from 1900 to 2100 only). */
export function years(q: Query): Set<number> | undefined {
  const v = q.str("years");
  if (v === undefined) return undefined;
  if (!/^\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*$/.test(v)) {
    throw badRequest("Invalid years parameter. Please provide a comma-separated list of integers.");
  }
  return new Set(v.split(",").map(Number));
}

/** Mining filter values are Title Case upstream; match them case-insensitively. */
export function sameText(a: string | null | undefined, b: string): boolean {
  return (a ?? "").toLowerCase() === b.toLowerCase();
}
