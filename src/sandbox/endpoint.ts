// The contract every endpoint module fulfils: a path pattern and a function from request to body.
import type { Query } from "./query";

export interface Ctx {
  /** Path parameters, already percent-decoded, keyed by the `:name` in the pattern. */
  params: Record<string, string>;
  query: Query;
  /** The sandbox's notion of today (YYYY-MM-DD): no data after it exists. */
  today: string;
}

export interface Endpoint {
  /** e.g. "/v1/financials/quarterly/:ticker/" (trailing slash optional on requests). */
  path: string;
  handle(ctx: Ctx): unknown;
}
