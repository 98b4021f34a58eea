// Credits, the unit the provider bills: not requests, but what each answered request is worth by
// its path's price (per request, per page, per record returned, per section or classification
// asked). The prices are the provider's own, derived from its published API description into
// credits.generated.ts; this file reads a request and its answer against them. Every host counts
// with the same function: the engine for each request a call sends (run/session.ts), the Excel
// runtime and the team gateway where a request actually leaves (one fetch shared by many cells is
// one bill).
//
// The prices are the live edition's (/v2/). The spec edition (/v1/ paths) has none published: a
// /v1/ path is counted at the price of its /v2/ twin, and a path the provider does not list at
// 1 credit a request, its usual price; both are estimates, and `priceOf` says so.
import { isEnvelope } from "../answer/envelope";
import type { Values } from "../input/arg-spec";
import type { CreditRule } from "./credit-rule";
import { PUBLISHED_PRICES } from "./credits.generated";

export type { CreditRule, Price } from "./credit-rule";

/** A path the provider lists no price for: its usual one. */
const USUAL: CreditRule = { unit: "request", credits: 1 };

interface Template {
  segments: string[];
  rule: CreditRule;
}

let templates: Template[] | undefined;

/** The published prices, most literal segments first (a fixed path wins over a placeholder of the
 *  same length); made at the first use, so that loading the module runs nothing. */
const published = (): Template[] =>
  (templates ??= PUBLISHED_PRICES.map(({ path, ...rule }) => ({ segments: segmentsOf(path), rule: rule as CreditRule })).sort(
    (a, b) => literals(b) - literals(a),
  ));

function segmentsOf(path: string): string[] {
  return path.split("/").filter(Boolean);
}

function literals(t: Template): number {
  return t.segments.filter((s) => !s.startsWith("{")).length;
}

const fits = (t: Template, segments: string[]) =>
  t.segments.length === segments.length && t.segments.every((s, i) => s.startsWith("{") || s === segments[i]);

/** Where a price comes from: the provider's list (`published`), the /v2/ twin of a /v1/ path
 *  (`twin`, an estimate), or none listed (`usual`: 1 credit a request, an estimate). */
export type PriceSource = "published" | "twin" | "usual";

/** Prices already looked up, by path: every call is priced, from the cache too (its explain says
 *  what the answer cost), and a look-up scans the whole list. A workbook names a few thousand
 *  paths at most; past that the memo starts again. */
const PRICED = new Map<string, { rule: CreditRule; source: PriceSource }>();
const PRICED_MAX = 5000;

/** The price of a request path (under any base path: it is read from its version segment on). */
export function priceOf(path: string): { rule: CreditRule; source: PriceSource } {
  let price = PRICED.get(path);
  if (price) return price;
  if (PRICED.size >= PRICED_MAX) PRICED.clear();
  price = lookUpPrice(path);
  PRICED.set(path, price);
  return price;
}

function lookUpPrice(path: string): { rule: CreditRule; source: PriceSource } {
  const all = segmentsOf(path.split("?")[0]);
  const at = all.findIndex((s) => s === "v1" || s === "v2");
  const found = at < 0 ? undefined : published().find((t) => fits(t, ["v2", ...all.slice(at + 1)]));
  if (!found) return { rule: USUAL, source: "usual" };
  return { rule: found.rule, source: all[at] === "v2" ? "published" : "twin" };
}

/** Records in an answer: a list's, an envelope's results, or one record. */
function recordsIn(json: unknown): number {
  if (Array.isArray(json)) return json.length;
  if (isEnvelope(json)) return json.results.length;
  return json === null || json === undefined ? 0 : 1;
}

/** Distinct items of a comma list sent, at most `all`; none sent is all of them. */
function itemsAsked(value: string | undefined, all: number): number {
  const items = new Set(
    (value ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return items.size === 0 ? all : Math.min(items.size, all);
}

/** The credits one answered request costs: its path's price applied to what it asked (`query`)
 *  and, for a price per record, to what came back (`answer`, read only then). */
export function creditsOf(path: string, query: Values, answer: () => unknown): number {
  return creditsBy(priceOf(path).rule, () => query, answer);
}

/** A rule applied; the query read only by a rule that prices what was asked (a transport has it
 *  as the URL's text, which every answer would otherwise pay to read). */
function creditsBy(rule: CreditRule, query: () => Values, answer: () => unknown): number {
  switch (rule.unit) {
    case "request":
      return rule.question && query()[rule.question.param] ? rule.question.credits : rule.credits;
    case "page":
      return rule.credits;
    case "record":
      return rule.credits * Math.ceil(recordsIn(answer()) / rule.size);
    default: {
      const asked = query();
      return rule.credits * rule.asked.reduce((n, a) => n * itemsAsked(asked[a.param], a.all), 1);
    }
  }
}

/** A URL's query as values (Apps Script has no URL class; this needs none). */
function queryOfUrl(url: string): Values {
  const query: Values = {};
  const at = url.indexOf("?");
  if (at < 0) return query;
  for (const pair of url
    .slice(at + 1)
    .split("#")[0]
    .split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    try {
      const key = decodeURIComponent(name);
      const value = decodeURIComponent((eq < 0 ? "" : pair.slice(eq + 1)).replace(/\+/g, " "));
      // A name repeated (`sections=a&sections=b`, an array's form) is one list.
      query[key] = query[key] === undefined ? value : `${query[key]},${value}`;
    } catch {
      // A badly encoded pair the service would refuse: it asks for nothing billed.
    }
  }
  return query;
}

/** What the provider bills for a 404, whatever the path's price: the lookup ran, and the company,
 *  code or id addressed is not there. */
export const NOT_FOUND_CREDITS = 1;

/** The credits of an answer that is not a success, by its status: a 404's; nothing for any other
 *  (400, 401/403, 429 and 5xx are free, so a retried 429 or 5xx costs nothing). */
export const creditsOfRefusal = (status: number | undefined): number => (status === 404 ? NOT_FOUND_CREDITS : 0);

/** The credits of an answer as a transport sees it: the request's URL (or path and query) and the
 *  answer; a 2xx answer at its path's price, any other as `creditsOfRefusal` says. `json`: the
 *  answer parsed, where the host parses it once for everyone who reads it (Excel's memo). */
export function creditsOfAnswer(url: string, answer: { status: number; body: string }, json = () => JSON.parse(answer.body)): number {
  if (answer.status < 200 || answer.status > 299) return creditsOfRefusal(answer.status);
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/)[0];
  return creditsBy(
    priceOf(path).rule,
    () => queryOfUrl(url),
    () => {
      try {
        return json();
      } catch {
        return undefined;
      }
    },
  );
}

/** The rule in words, for the docs: "1 per quarter returned", "1 per section asked, all 8 when
 *  none is". */
export function ruleText(rule: CreditRule): string {
  const n = rule.credits;
  switch (rule.unit) {
    case "request":
      return `${n} per request${rule.question ? `, ${rule.question.credits} with a question in \`${rule.question.param}=\`` : ""}`;
    case "page":
      return `${n} per page`;
    case "record":
      return rule.size === 1 ? `${n} per ${rule.record} returned` : `${n} per ${rule.size} ${plural(rule.record)} returned, rounded up`;
    default: {
      const what = rule.asked.map((a) => a.param.replace(/s$/, "")).join(" × ");
      return `${n} per ${what} asked, all ${rule.asked.map((a) => a.all).join(" × ")} when none is`;
    }
  }
}

const plural = (word: string) => (word.endsWith("y") ? `${word.slice(0, -1)}ies` : `${word}s`);
