// Arguments that several endpoints share, written once.

import { num, str, strList } from "../../answer/response";
import { PERIODICITIES } from "../../answer/series";
import { choice, date, idxTickers, int, slug, slugs, text, textList, titleCase, years as yearList } from "../../input/arg-kinds";
import type { ArgSpec, Values } from "../../input/arg-spec";
import { SERVICE_BOUNDS } from "../vocabularies";

export const tickersArg: ArgSpec = {
  name: "tickers",
  kind: idxTickers,
  help: "IDX tickers, a comma list or a range (BBCA, BBCA.JK and bbca are the same); blank for all",
};
export const startArg = (what: string): ArgSpec => ({ name: "start", kind: date, help: `first day of the ${what}` });
export const endArg = (what: string): ArgSpec => ({ name: "end", kind: date, help: `last day of the ${what}` });

export const sectorArg: ArgSpec = { name: "sector", kind: slug, help: 'sector slug, e.g. financials ("Financials" is normalised)' };
export const tagsArg: ArgSpec = {
  name: "tags",
  kind: textList("a comma list or range of tags such as Bullish,acquisition"),
  help: "tags, a comma list or a range",
};
export const nArg: ArgSpec = {
  name: "n",
  kind: int(1, SERVICE_BOUNDS.nMax),
  help: `the N most recent items (1-${SERVICE_BOUNDS.nMax}, service default ${SERVICE_BOUNDS.nDefault}); overrides page and page_size`,
};
export const pageArgs: ArgSpec[] = [
  { name: "page", kind: int(1, 100000), help: "page number, from 1" },
  { name: "page_size", kind: int(1, 1000), help: "items per page" },
];
export const subSectorsArg: ArgSpec = { name: "sub_sector", kind: slugs, help: "sub-sector slugs, a comma list (e.g. banks)" };

export const limitArg: ArgSpec = {
  name: "limit",
  kind: int(1, SERVICE_BOUNDS.limitMax),
  help: `rows to return (1-${SERVICE_BOUNDS.limitMax}, service default ${SERVICE_BOUNDS.limitDefault})`,
};
export const offsetArg: ArgSpec = { name: "offset", kind: int(0, 1_000_000), help: "rows to skip (default 0)" };
export const keywordArg: ArgSpec = { name: "keyword", kind: text, help: "matches company name, ticker or key operation" };
export const commodityArg: ArgSpec = { name: "commodity", kind: titleCase, help: "commodity, e.g. Coal, Nickel, Gold" };
export const provinceArg: ArgSpec = { name: "province", kind: titleCase, help: "province, e.g. Kalimantan Timur" };
export const yearsArg: ArgSpec = { name: "years", kind: yearList, help: "years, a comma list or a range (blank for all years)" };

/** `start` must not come after `end` when both are given. */
export const startBeforeEnd = (v: Record<string, string | undefined>) =>
  v.start && v.end && v.start > v.end ? `'start' (${v.start}) must be on or before 'end' (${v.end})` : undefined;

/** The fields every feed item has (filings and news), spec edition. */
export const feedItem = {
  id: num,
  created_at: str,
  title: str,
  body: str,
  source: str,
  timestamp: str,
  sector: str,
  sub_sector: strList,
  tags: strList,
  tickers: strList,
};

/** The fields every feed item has in the live edition (no id, created_at or tickers). */
export const liveFeedItem = {
  title: str,
  body: str,
  source: str,
  timestamp: str,
  sector: str,
  sub_sector: strList,
  tags: strList,
};

/** The live edition takes IDX symbols without the ".JK" the spec edition's lists carry. */
export const bareTickers = (v: Values): Values => ({ tickers: v.tickers?.replace(/\.JK/g, "") });

/** Rules across arguments, the first broken one's message. */
export const allOf =
  (...checks: Array<(v: Values) => string | undefined>) =>
  (v: Values): string | undefined => {
    for (const check of checks) {
      const problem = check(v);
      if (problem) return problem;
    }
    return undefined;
  };

/** A window that ends before the service's first day has nothing: refused before any request (one
 *  that only starts before it is answered from that day, with a note: rows/loaders.ts windowed). */
export const endNotBefore =
  (first: string) =>
  (v: Values): string | undefined =>
    v.end !== undefined && v.end < first
      ? `'end' must be ${first} or later, the first day of the service's data (got ${v.end})`
      : undefined;

/** The options of every time series: periodicity and side by side (answer/series.ts). */
export const SERIES_OPTIONS: ArgSpec[] = [
  {
    name: "period",
    kind: choice(PERIODICITIES),
    help: "daily (default), weekly, monthly, quarterly or yearly: a row per period, dated by its last trading day, each field combined as the function says",
    at: "local",
  },
  {
    name: "layout",
    kind: choice(["long", "wide"]),
    help: "long (default: several keys one below the other) or wide (dates down, a column per key, or per key and field)",
    at: "local",
  },
  {
    name: "calendar",
    kind: choice(["union", "intersection"]),
    help: "with layout=wide: every date any key has (union, default) or only the dates all keys have",
    at: "local",
  },
  {
    name: "fill",
    kind: choice(["none", "previous"]),
    help: "with layout=wide and calendar=union: a key's missing date blank (none, default) or its previous value, named in a `filled` column",
    at: "local",
  },
];

/** A time series the service gives in windows of `days`: any window up to 10 years (or `maxDays`), in pieces. */
export const seriesWindows = (days: number, firstDate?: string, maxDays = 3653) => ({ days, firstDate, maxDays, credits: 1 });

/** What a windowed series' output says of long windows. */
export const anyWindow = (days: number, firstDate?: string, maxDays = 3653) =>
  `Any window up to ${maxDays > 400 ? "10 years" : `${maxDays} days`}: one longer than the service's ${days} days is fetched as ${days}-day windows (one request and one credit each; a window of closed days is kept 30 days) and merged in date order, each day once.${firstDate ? ` A window starting before ${firstDate}, the service's first day, starts there, with a note (a last row in Excel and Sheets, unless \`notes=false\`; stderr on the command line).` : ""}`;

/** The service has no data before `first`: a window before it is refused before any request. */
export const notBefore =
  (first: string) =>
  (v: Values): string | undefined => {
    const early = (["start", "end"] as const).find((name) => v[name] !== undefined && (v[name] as string) < first);
    return early && `'${early}' must be ${first} or later, the first day of the service's data (got ${v[early]})`;
  };
