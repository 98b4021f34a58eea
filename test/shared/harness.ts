// Drives the real pipeline (prepare → fetch → classify → decode → layout → display) with a
// fixture as the service's answer: no network, no cache, a fixed clock.

import * as fs from "node:fs";
import * as path from "node:path";
import type { DateWriter } from "../../shared/answer/display";
import type { CellValue } from "../../shared/base/cells";
import { MdqError } from "../../shared/base/errors";
import type { HttpRequest, Sent } from "../../shared/base/http";
import { functionNamed } from "../../shared/catalogue/catalogue";
import { runSync } from "../../shared/drive/drivers";
import type { Settings } from "../../shared/request/settings";
import type { Effect, EffectResult } from "../../shared/rows/effects";
import { callFunction } from "../../shared/run/call";
import type { CallResult } from "../../shared/run/env";

export const BASE_URL = "http://127.0.0.1:9";
export const API_KEY = "k";
/** The fixtures' clock: a day after every fixture's data (a year asked is never after it). */
export const FIXTURE_NOW = Date.parse("2026-11-25T03:00:00Z");

export const fixture = (name: string): string => fs.readFileSync(path.join(__dirname, "..", "fixtures", name), "utf8");

export interface Served {
  cells: unknown[][];
  urls: string[];
  result: CallResult<unknown>;
}

/** Call NAME with ARGS against a service that answers every fetch with BODY (status 200). */
export function serve(name: string, args: CellValue[], body: string, writeDate?: DateWriter<unknown>): Served {
  const urls: string[] = [];
  const handler = (effect: Effect): EffectResult => {
    switch (effect.type) {
      case "fetch":
        urls.push(effect.request.url);
        return { status: 200, body };
      case "cacheGet":
      case "cachePut":
        return undefined;
      case "sleep":
        throw new Error("a 200 answer must not be retried");
    }
  };
  const result = runSync(
    callFunction(
      functionNamed(name),
      args,
      // The spec edition named, as the fixtures are its answers (how auto finds an edition:
      // test/shared/run/edition-auto.test.ts).
      { baseUrl: BASE_URL, apiKey: API_KEY, edition: "spec" },
      { now: () => FIXTURE_NOW, random: () => 0.5 },
      writeDate,
    ),
    handler,
  );
  return { cells: result.cells, urls, result };
}

/** serve() with a fixture file. */
export const run = (name: string, args: CellValue[], file: string, writeDate?: DateWriter<unknown>) =>
  serve(name, args, fixture(file), writeDate);

/** The MdqError a call throws. */
export function failure(fn: () => unknown): MdqError {
  try {
    fn();
  } catch (e) {
    if (e instanceof MdqError) return e;
    throw new Error(`expected an MdqError, got ${String(e)}`);
  }
  throw new Error("expected the call to fail, it succeeded");
}

/** Every row has the same length as the first. */
export function expectRectangular(cells: unknown[][]): void {
  expect(cells.length).toBeGreaterThan(0);
  const width = cells[0].length;
  expect(width).toBeGreaterThan(0);
  for (const row of cells) expect(row).toHaveLength(width);
}

/** The first column of a transposed table (the field names). */
export const firstColumn = (cells: unknown[][]) => cells.map((r) => r[0]);

/** A field → value map from a field-value table (header row skipped). */
export const fieldValues = (cells: unknown[][]) => Object.fromEntries(cells.slice(1).map((r) => [r[0], r[1]]));

/** The live edition's fixtures (test/fixtures/live/), by the path a request asks for. */
const LIVE_ROUTES: Array<[RegExp, string]> = [
  [/^\/v2\/filings\/$/, "filings"],
  [/^\/v2\/news\/\?(.*&)?extension=mining/, "news-mining"],
  [/^\/v2\/news\/$/, "news"],
  [/^\/v2\/companies\/$/, "companies-screener"],
  [/^\/v2\/companies\/top-changes\/$/, "top-changes"],
  [/^\/v2\/free-float\/$/, "free-float"],
  [/^\/v2\/subsector\/report\/[^/]+\/$/, "subsector-report"],
  [/^\/v2\/idx-total\/$/, "idx-total"],
  [/^\/v2\/most-traded\/$/, "most-traded"],
  [/^\/v2\/listing-performance\/[^/]+\/$/, "listing-performance"],
  [/^\/v2\/sgx\/company\/report\/[^/]+\/$/, "sgx-company-report"],
  [/^\/v2\/sgx\/companies\/top\/$/, "sgx-companies-top"],
  [/^\/v2\/sgx\/daily\/[^/]+\/$/, "sgx-daily"],
  [/^\/v2\/sgx\/filings\/$/, "sgx-filings"],
  [/^\/v2\/sgx\/news\/$/, "sgx-news"],
  [/^\/v2\/sgx\/short-sell\/$/, "sgx-short-sell"],
  [/^\/v2\/sgx\/buybacks\/$/, "sgx-buybacks"],
  [/^\/v2\/sgx\/subsectors\/$/, "sgx-subsectors"],
  [/^\/v2\/sgx\/tags\/$/, "sgx-tags"],
  [/^\/v2\/broker-summary\/[^/]+\/$/, "broker-summary"],
  [/^\/v2\/broker-summary\/[^/]+\/top\/$/, "broker-summary-top"],
  [/^\/v2\/brokers\/$/, "brokers"],
  [/^\/v2\/brokers\/top\/$/, "brokers-top"],
  [/^\/v2\/broker-activity\/[^/]+\/$/, "broker-activity"],
  [/^\/v2\/broker-activity\/[^/]+\/top\/$/, "broker-activity-top"],
  [/^\/v2\/close\/$/, "close"],
  [/^\/v2\/companies\/quarterly-financial-dates\/$/, "companies-quarterly-financial-dates"],
  [/^\/v2\/companies\/list_companies_with_segments\/$/, "companies-with-segments"],
  [/^\/v2\/suspensions\/$/, "suspensions"],
  [/^\/v2\/foreign-flow\/[^/]+\/$/, "foreign-flow"],
  [/^\/v2\/company\/corporate-actions\/[^/]+\/$/, "corporate-actions"],
  [/^\/v2\/company\/shareholders-composition\/[^/]+\/$/, "shareholders-composition"],
  [/^\/v2\/mining\/commodities\/$/, "commodities"],
  [/^\/v2\/mining\/commodities\/[^/]+\/price\/$/, "commodity-price"],
  [/^\/v2\/sgx\/companies\/$/, "sgx-companies-screener"],
  [/^\/v2\/financials\/quarterly\/[^/]+\/$/, "financials-quarterly"],
  [/^\/v2\/company\/get-segments\/[^/]+\/$/, "company-get-segments"],
  [/^\/v2\/company\/report\/[^/]+\/$/, "company-report"],
  [/^\/v2\/company\/get_quarterly_financial_dates\/[^/]+\/$/, "quarterly-financial-dates"],
  [/^\/v2\/daily\/[^/]+\/$/, "daily"],
  [/^\/v2\/index-daily\/[^/]+\/$/, "index-daily"],
  [/^\/v2\/klse\/company\/report\/[^/]+\/$/, "klse-company-report"],
  [/^\/v2\/klse\/companies\/top\/$/, "klse-companies-top"],
  [/^\/v2\/klse\/companies\/$/, "klse-companies"],
  [/^\/v2\/(klse|sgx)\/sectors\/$/, "sectors"],
  [/^\/v2\/subsectors\/$/, "subsectors"],
  [/^\/v2\/industries\/$/, "industries"],
  [/^\/v2\/subindustries\/$/, "subindustries"],
  [/^\/v2\/tags\/$/, "tags"],
  [/^\/v2\/mining\/companies\/$/, "mining-companies"],
  [/^\/v2\/mining\/companies\/financials\/[^/]+\/\?(.*&)?year=2024/, "mining-company-financials-2024"],
  [/^\/v2\/mining\/companies\/financials\/[^/]+\//, "mining-company-financials"],
  [/^\/v2\/mining\/companies\/performance\/[^/]+\//, "mining-company-performance"],
  [/^\/v2\/mining\/companies\/[^/]+\/$/, "mining-company-detail"],
  [/^\/v2\/mining\/companies\/ownership\/[^/]+\/$/, "mining-ownership"],
  [/^\/v2\/mining\/contracts\/$/, "mining-contracts"],
  [/^\/v2\/mining\/exports\/$/, "mining-exports"],
  [/^\/v2\/mining\/license-auctions\/$/, "mining-license-auctions"],
  [/^\/v2\/mining\/license-auctions\/[^/]+\/$/, "mining-license-auction"],
  [/^\/v2\/mining\/resources-reserves\/$/, "mining-resources-reserves"],
  [/^\/v2\/mining\/resources-reserves\/[^/]+\/$/, "mining-resources-reserves-province"],
  [/^\/v2\/mining\/sites\/[^/]+\/$/, "mining-site-detail"],
  [/^\/v2\/mining\/total-production\/$/, "mining-total-production"],
  [/^\/v2\/mining\/licenses\/$/, "mining-licenses"],
  [/^\/v2\/mining\/sites\/$/, "mining-sites"],
  [/^\/v2\/mining\/global-commodity\/$/, "mining-global-commodity"],
  [/^\/v2\/mining\/sales-destination\/[^/]+\//, "mining-sales-destination"],
];

/** The fixture a live request is answered with, or undefined (a 404). */
export function liveFixture(pathAndQuery: string): string | undefined {
  const path = pathAndQuery.split("?")[0];
  const hit = LIVE_ROUTES.find(([pattern]) => pattern.test(pattern.source.includes("\\?") ? pathAndQuery : path));
  return hit ? fixture(`live/${hit[1]}.json`) : undefined;
}

/** Call NAME in the live edition against the fixtures: every request it sends, and how it ended. */
export function recordLive(name: string, args: CellValue[], writeDate?: DateWriter<unknown>) {
  const urls: string[] = [];
  const answer = (request: HttpRequest): Sent => {
    urls.push(request.url);
    const body = liveFixture(request.url.slice(BASE_URL.length));
    return body === undefined ? { status: 404, body: '{"error": "Not found."}' } : { status: 200, body };
  };
  // Requests sent side by side (a list per sector: SEARCH) are answered one by one, in order.
  const handler = (effect: Effect): EffectResult =>
    effect.type === "fetch"
      ? answer(effect.request)
      : effect.type === "fetchAll"
        ? effect.fetches.map((f) => answer(f.request))
        : undefined;
  const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: "live" as const };
  try {
    const result = runSync(
      callFunction(functionNamed(name), args, settings, { now: () => FIXTURE_NOW, random: () => 0.5 }, writeDate),
      handler,
    );
    return { urls, result, cells: result.cells, error: undefined };
  } catch (e) {
    return { urls, result: undefined, cells: undefined, error: e as MdqError };
  }
}

/** Call NAME in the live edition against the fixtures; it must succeed. */
export function serveLive(name: string, args: CellValue[], writeDate?: DateWriter<unknown>): Served {
  const { urls, result, error } = recordLive(name, args, writeDate);
  if (!result) throw error;
  return { cells: result.cells, urls, result };
}

/** The effects of calls over one service and one cache kept across them (a Map of entry texts):
 *  each request answered by `answer` (a fetchAll's one by one), sleeps passed over at once. */
export function mapCacheHost(answer: (request: HttpRequest) => Sent): {
  cache: Map<string, string>;
  handle: (effect: Effect) => EffectResult;
} {
  const cache = new Map<string, string>();
  const handle = (effect: Effect): EffectResult => {
    switch (effect.type) {
      case "fetch":
        return answer(effect.request);
      case "fetchAll":
        return effect.fetches.map((f) => answer(f.request));
      case "cacheGet":
        return cache.get(effect.key) ?? null;
      case "cachePut":
        cache.set(effect.key, effect.value);
        return undefined;
      case "sleep":
        return undefined;
    }
  };
  return { cache, handle };
}

/** A server answering by path, a cache kept across calls, and the paths asked, in order: `call`
 *  runs a function there with `settings` (at BASE_URL, its key) over what a test gives. */
export function pathServer(answer: (path: string) => Sent, settings: Partial<Settings> = {}) {
  const paths: string[] = [];
  const { cache, handle } = mapCacheHost((request) => {
    const { pathname } = new URL(request.url);
    paths.push(pathname);
    return answer(pathname);
  });
  const call = (name: string, args: unknown[], more: Partial<Settings> = {}) =>
    runSync(
      callFunction(
        functionNamed(name),
        args as never,
        { baseUrl: BASE_URL, apiKey: API_KEY, ...settings, ...more },
        { now: () => FIXTURE_NOW, random: () => 0.5 },
      ),
      handle,
    );
  return { call, paths, cache };
}
