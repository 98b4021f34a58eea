// Load programs: how an endpoint that needs more than one request gets its data. Each request is
// one `get` (cached, retried and classified by the executor), so a program only decides which
// requests to send and how their answers add up. What a call may cost is written in the docs.

import { isEnvelope, resultsOf } from "../answer/envelope";
import { MdqError } from "../base/errors";
import type { Values } from "../input/arg-spec";
import type { Effect, EffectResult, Loader } from "./effects";

/** How many rows a call wants and from where: `n`, or `page` and `page_size`, or the default. */
export interface Window {
  want: number;
  offset: number;
}

/** Pages of an envelope from `offset` until `want` rows have come or the service has no more;
 *  each page one request of at most `pageMax` rows. Never a request beyond what was asked. */
export const pages = (window: (values: Values) => Window, pageMax: number): Loader =>
  function* (get, values, first) {
    const { want } = window(values);
    let { offset } = window(values);
    const rows: unknown[] = [];
    while (rows.length < want) {
      const limit = Math.min(pageMax, want - rows.length);
      const json = yield* get(first.path, { ...first.query, limit: String(limit), offset: String(offset) });
      const page = resultsOf(json, first.fn);
      if (!Array.isArray(page)) return page;
      rows.push(...page);
      const next = isEnvelope(json) ? json.pagination : undefined;
      // Only forward: a next_offset that does not move on would ask for the same page again.
      if (!next?.has_next || page.length === 0 || typeof next.next_offset !== "number" || next.next_offset <= offset) break;
      offset = next.next_offset;
    }
    return rows;
  };

/** `n`, else `page` and `page_size`, else the service's default count, from the start. */
export const feedWindow =
  (defaultCount: number) =>
  (values: Values): Window => {
    if (values.n !== undefined || (values.page === undefined && values.page_size === undefined)) {
      return { want: Number(values.n ?? defaultCount), offset: 0 };
    }
    const size = Number(values.page_size ?? defaultCount);
    return { want: size, offset: (Number(values.page ?? 1) - 1) * size };
  };

/** Items a call asks for one request each at most: every request costs the user a credit. */
export const MAX_EACH = 25;

/** The same request once per item of a list argument (the edition filters by one at a time);
 *  more than MAX_EACH items are refused before any request. */
export const eachOf = (arg: string, param: string, inner: Loader): Loader =>
  function* (get, values, first) {
    const items = values[arg]?.split(",") ?? [undefined];
    if (items.length > MAX_EACH) {
      throw new MdqError(
        "bad_argument",
        `'${arg}' lists ${items.length} items; this edition takes one request (one credit) per item, so MDQ takes at most ${MAX_EACH} per call: split '${arg}' over several calls.`,
      );
    }
    const out: unknown[] = [];
    for (const item of items) {
      const query = { ...first.query, [param]: item };
      const part = yield* inner(get, values, { ...first, query });
      if (Array.isArray(part)) out.push(...part);
    }
    return out;
  };

/** Run `load`; a 404 (nothing for this item) is no part, any other failure ends the call. */
export function* orNothing<T>(load: Generator<Effect, T, EffectResult>): Generator<Effect, T | undefined, EffectResult> {
  try {
    return yield* load;
  } catch (e) {
    if (e instanceof MdqError && e.kind === "not_found") return undefined;
    throw e;
  }
}
